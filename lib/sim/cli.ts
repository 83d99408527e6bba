import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { startSimService } from "./service";

// `npm run sim -- --port 4010 --seed 42 --key <key> [--speed N] [--host 127.0.0.1] [--warmup-min 20]`
// Env fallbacks: SIM_SEED, SIM_SPEED, SIM_PORT, SIM_KEY.

function fail(message: string): never {
  console.error(`sim: ${message}`);
  process.exit(2);
}

function num(name: string, raw: string | undefined, fallback: number, check: (n: number) => boolean): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) fail(`--${name} must be a valid number (got "${raw}")`);
  return n;
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" },
        seed: { type: "string" },
        key: { type: "string" },
        speed: { type: "string" },
        host: { type: "string" },
        "warmup-min": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    console.log(
      "usage: npm run sim -- [--port 4010] [--seed 42] [--key <key>] [--speed 1] [--host 127.0.0.1] [--warmup-min 20]",
    );
    return;
  }
  const env = process.env;
  const port = num(
    "port",
    (values.port as string) ?? env.SIM_PORT,
    4010,
    (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  );
  const seed = num("seed", (values.seed as string) ?? env.SIM_SEED, 42, Number.isInteger);
  const speed = num("speed", (values.speed as string) ?? env.SIM_SPEED, 1, (n) => n > 0 && n <= 10_000);
  const warmup = num("warmup-min", values["warmup-min"] as string, 20, (n) => n >= 0 && n <= 24 * 60);
  const key = (values.key as string) ?? env.SIM_KEY ?? randomBytes(24).toString("base64url");
  const host = (values.host as string) ?? "127.0.0.1";
  const t0 = performance.now();
  const sim = await startSimService({
    host,
    port,
    seed,
    key,
    speed,
    warmupMs: warmup * 60_000,
    onError: (e) => console.error(e),
  });
  console.log(
    `simulated market ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (seed ${seed}, speed ${speed}x)`,
  );
  console.log(`  base URL   ${sim.baseUrl}`);
  console.log(`  stream URL ${sim.streamUrl}/v1/stream${sim.streaming ? "" : " (not available)"}`);
  console.log(`  API key    ${sim.key}`);
  console.log(`  control    ${sim.baseUrl}/__control/state (loopback only)`);
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
