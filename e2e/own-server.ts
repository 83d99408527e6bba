import { type ChildProcess, spawn } from "node:child_process";
import { assertFetchablePorts } from "./ports";

// A production server of a spec's own (scripts/start.mjs, same build) on a port beside the suite's, for a spec that
// reads the gateway's whole-server figures (connections) or needs settings of its own.

export interface OwnServer {
  base: string;
  simBase: string;
  stop(): Promise<void>;
}

export async function startOwnServer(offset: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 3210) + offset;
  assertFetchablePorts(port, 1); // the server and its market
  const simPort = port + 1;
  const base = `http://127.0.0.1:${port}`;
  let log = "";
  const server: ChildProcess = spawn("node", ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SIM_PORT: String(simPort),
      SIM_SEED: "7",
      SIM_SPEED: "1",
      SIM_KEY: "e2e-own-server-key-5b7e2c91d4a0f368",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      MARKET_API_URL: "",
      MARKET_STREAM_URL: "",
      MARKET_API_KEY: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (log = (log + String(d)).slice(-4_000)));
  server.stderr?.on("data", (d) => (log = (log + String(d)).slice(-4_000)));
  const deadline = Date.now() + 540_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}: ${log}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    simBase: `http://127.0.0.1:${simPort}`,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    },
  };
}
