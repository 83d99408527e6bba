import { randomBytes } from "node:crypto";
import { ConfigError, loadSimConfig } from "./lib/server/config";
import { CliError, type CliOptions, parseCliOptions, USAGE } from "./lib/sim/cli-options";
import { startSimService } from "./lib/sim/service";

// `npm run sim -- --port 4010 --seed 42 --key <key> [--speed N] [--host 127.0.0.1] [--warmup-min 20] [fault flags]`
// Env fallbacks: SIM_SEED, SIM_SPEED, SIM_PORT, SIM_KEY, parsed by the server's configuration schema (one default
// each, the README's). `--help` lists every flag (lib/sim/cli-options.ts).

async function main(): Promise<void> {
  let o: CliOptions;
  try {
    o = parseCliOptions(process.argv.slice(2), loadSimConfig(process.env));
  } catch (e) {
    if (!(e instanceof CliError || e instanceof ConfigError)) throw e;
    console.error(`sim: ${e.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (o.help) {
    console.log(USAGE);
    return;
  }
  const key = o.key ?? randomBytes(24).toString("base64url");
  const t0 = performance.now();
  const sim = await startSimService({
    host: o.host,
    port: o.port,
    seed: o.seed,
    key,
    speed: o.speed,
    warmupMs: o.warmupMin * 60_000,
    onError: (e) => console.error(e),
  });
  const faults = Object.keys(o.faults).length ? sim.setFaults(o.faults) : null;
  console.log(
    `simulated market ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (seed ${o.seed}, speed ${o.speed}x)`,
  );
  console.log(`  base URL   ${sim.baseUrl}`);
  console.log(`  stream URL ${sim.streamUrl}/v1/stream${sim.streaming ? "" : " (not available)"}`);
  console.log(`  API key    ${sim.key}`);
  console.log(`  control    ${sim.baseUrl}/__control/state (loopback only)`);
  if (faults) console.log(`  faults     ${JSON.stringify(o.faults)}`);
  // A supervisor that spawned this process with an IPC channel learns that it listens, and where.
  process.send?.({ type: "listening", port: Number(new URL(sim.baseUrl).port) });
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
