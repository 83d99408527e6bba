import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defaultConfig } from "@/lib/server/config";
import { createStreamGateway } from "@/lib/server/gateway";
import { createRestCaller } from "@/lib/server/gateway/liveness/rest-caller";
import { createTestProxy } from "@/lib/server/testing/test-state";

// Benchmark child: the REST proxy and the stream gateway with tiered liveness at the configuration's defaults (the
// spec's stream budget, POLL_CREDITS_PER_MINUTE), like server.ts wires them, in front of the market (its own process).

const send = (m: unknown) => process.send?.(m);

const warnings = new Map<string, number>();
const kindOf = (m: string) => m.replace(/ of \S+/, "").replace(/\d+/g, "N").slice(0, 120);

async function main() {
  const tokensWanted = Number(process.env.LIVENESS_TOKENS ?? 500);
  const oneAddress = process.env.LIVENESS_ONE_ADDRESS === "1";
  const config = defaultConfig();
  const sim = {
    baseUrl: process.env.LIVENESS_SIM_BASE as string,
    streamUrl: process.env.LIVENESS_SIM_STREAM as string,
  };
  const KEY = process.env.LIVENESS_SIM_KEY as string;
  const tp = createTestProxy({ baseUrl: sim.baseUrl, key: KEY }, { rateLimitPerSec: 0 });
  const gw = createStreamGateway({
    upstream: { streamUrl: sim.streamUrl, key: KEY },
    registerUsage: false,
    // Warnings are tallied by kind (a poll's resource left out) and printed at the end: why polls failed, if they did.
    log: { warn: (m: string) => void warnings.set(kindOf(m), (warnings.get(kindOf(m)) ?? 0) + 1) },
    limits: config.streamBudget,
    // Every simulated browser connects from loopback. Crowd: each stands for a different viewer
    // (STREAM_IP_EXEMPT_LOOPBACK=1). One address: all of them stand behind one client address (an office).
    ...(oneAddress
      ? { clientIp: () => "203.0.113.10", perIp: config.streamPerIp }
      : { perIp: { exemptLoopback: true } }),
    liveness: {
      pulseReserve: config.streamBudget.pulseReserve,
      pollCreditsPerMinute: config.pollCreditsPerMinute,
      addressShare: config.streamAddressShare,
      rest: createRestCaller(() => tp.state.proxy),
    },
  });
  const http = createServer();
  http.on("upgrade", (req, socket, head) => gw.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));

  // The seeded market has fewer tokens than the benchmark wants: launch the rest through the control API.
  const control = async (body: unknown) => {
    const res = await fetch(`${sim.baseUrl}/__control/scenario`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data: { chain: string; address: string; pool: string } };
  };
  const get = async <T>(path: string) =>
    ((await (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: KEY } })).json()) as { data: T }).data;
  const tokens = new Map<string, { chain: string; address: string; pool: string }>();
  for (const q of ["a", "e", "o", "i", "u", "n", "r", "s", "t", "l"])
    for (const t of await get<{ chain: string; address: string; pool: { address: string } }[]>(
      `/v1/search?q=${q}&limit=50`,
    ))
      tokens.set(`${t.chain}:${t.address}`, { chain: t.chain, address: t.address, pool: t.pool.address });
  const chains = ["solana", "evm:56", "evm:1", "evm:42161", "evm:10", "evm:137"];
  for (let i = 0; tokens.size < tokensWanted; i++) {
    const t = (await control({ action: "launch", chain: chains[i % chains.length] })).data;
    tokens.set(`${t.chain}:${t.address}`, t);
  }
  send({
    type: "ready",
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/stream`,
    simBase: sim.baseUrl,
    key: KEY,
    tokens: [...tokens.values()].slice(0, tokensWanted),
    pollCreditsPerMinute: config.pollCreditsPerMinute,
    budget: config.streamBudget,
  });
  process.on("message", async (m: { cmd: string }) => {
    if (m.cmd === "stats") send({ type: "stats", stats: gw.stats() });
    if (m.cmd === "stop") {
      for (const [kind, n] of [...warnings].sort((x, y) => y[1] - x[1]).slice(0, 5)) console.log(`  gateway warning ×${n}: ${kind}`);
      await gw.close();
      http.closeAllConnections();
      http.close();
      await tp.state.close();
      send({ type: "stopped" });
      process.exit(0);
    }
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
