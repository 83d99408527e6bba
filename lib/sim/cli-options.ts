import { parseArgs } from "node:util";
import { faultPatchSchema } from "./faults";
import type { FaultConfig } from "./feed";

// `npm run sim` options: the market's own, and fault injection (issue 4) mapped onto FaultConfig (docs/sim.md).
// The environment (SIM_PORT, SIM_SEED, SIM_SPEED, SIM_KEY) is read by the server's configuration schema, which sim.ts
// hands in as the defaults a flag overrides: one default for each, the README's.

export interface CliOptions {
  help: boolean;
  port: number;
  seed: number;
  key: string | undefined;
  speed: number;
  host: string;
  warmupMin: number;
  faults: Partial<FaultConfig>;
}

/** The market's settings from the environment, as lib/server/config.ts parses them (`loadSimConfig`). */
export interface SimDefaults {
  port: number;
  seed: number;
  speed: number;
  key: string | undefined;
}

type Kind = "ms" | "rate" | "flag";
/** Flag → FaultConfig field; the same validation as the control endpoint (faultPatchSchema). */
export const FAULT_FLAGS: Record<string, { field: keyof FaultConfig; kind: Kind; help: string }> = {
  "rest-latency-ms": { field: "restLatencyMs", kind: "ms", help: "delay every REST answer by this many ms" },
  "rest-error-rate": { field: "restErrorRate", kind: "rate", help: "share (0–1) of REST calls answered 503" },
  "rest-429-rate": { field: "restRateLimitRate", kind: "rate", help: "share (0–1) answered 429 with Retry-After" },
  "rest-hang-rate": { field: "restHangRate", kind: "rate", help: "share (0–1) of REST calls never answered" },
  "stream-drop-after-ms": { field: "streamDropAfterMs", kind: "ms", help: "cut each stream connection this old" },
  "stream-delay-ms": { field: "streamDelayMs", kind: "ms", help: "hold every outgoing stream frame this long" },
  "stream-duplicate-rate": { field: "streamDuplicateRate", kind: "rate", help: "share (0–1) of events sent twice" },
  "stream-reorder-window-ms": {
    field: "streamReorderWindowMs",
    kind: "ms",
    help: "hold events this long and send them shuffled",
  },
  "stream-skip-delta-rate": {
    field: "streamSkipDeltaRate",
    kind: "rate",
    help: "share (0–1) of pulse deltas never sent",
  },
  "stream-refuse": { field: "streamRefuseConnections", kind: "flag", help: "answer new stream upgrades with 503" },
};

const row = (left: string, help: string) => `  ${left.padEnd(32)} ${help}`;
export const USAGE = [
  "usage: npm run sim -- [options]",
  "",
  row("--port <n>", "listen port, 0 = any free one (env SIM_PORT; default 0)"),
  row("--host <addr>", "listen address (default 127.0.0.1)"),
  row("--seed <n>", "same seed → same world (env SIM_SEED; default 42)"),
  row("--key <key>", "API key, sent raw in Authorization (env SIM_KEY; default random, printed)"),
  row("--speed <x>", "market ms per wall ms (env SIM_SPEED; default 1)"),
  row("--warmup-min <n>", "market minutes simulated before serving (default 20)"),
  row("-h, --help", "this text"),
  "",
  "fault injection (all off by default; also live via PUT /__control/faults):",
  ...Object.entries(FAULT_FLAGS).map(([flag, f]) =>
    row(`--${flag}${f.kind === "flag" ? "" : f.kind === "ms" ? " <ms>" : " <0-1>"}`, f.help),
  ),
].join("\n");

export class CliError extends Error {}

function num(name: string, raw: string | undefined, fallback: number, check: (n: number) => boolean): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new CliError(`--${name} must be a valid number (got "${raw}")`);
  return n;
}

export function parseCliOptions(argv: string[], defaults: SimDefaults): CliOptions {
  const faultOptions = Object.fromEntries(
    Object.entries(FAULT_FLAGS).map(([flag, f]) => [flag, { type: f.kind === "flag" ? "boolean" : "string" }]),
  ) as Record<string, { type: "string" | "boolean" }>;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        seed: { type: "string" },
        key: { type: "string" },
        speed: { type: "string" },
        host: { type: "string" },
        "warmup-min": { type: "string" },
        help: { type: "boolean", short: "h" },
        ...faultOptions,
      },
    }));
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const str = (k: string) => values[k] as string | undefined;
  const faults: Record<string, unknown> = {};
  for (const [flag, f] of Object.entries(FAULT_FLAGS)) {
    const v = values[flag];
    if (v === undefined) continue;
    faults[f.field] = f.kind === "flag" ? true : num(flag, v as string, 0, () => true);
  }
  const checked = faultPatchSchema.safeParse(faults);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path[0];
    const flag = Object.entries(FAULT_FLAGS).find(([, f]) => f.field === field)?.[0] ?? String(field);
    throw new CliError(`--${flag}: ${issue?.message ?? "invalid"}`);
  }
  return {
    help: values.help === true,
    port: num("port", str("port"), defaults.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535),
    seed: num("seed", str("seed"), defaults.seed, Number.isInteger),
    key: str("key") ?? defaults.key,
    speed: num("speed", str("speed"), defaults.speed, (n) => n > 0 && n <= 10_000),
    host: str("host") ?? "127.0.0.1",
    warmupMin: num("warmup-min", str("warmup-min"), 20, (n) => n >= 0 && n <= 24 * 60),
    faults: checked.data as Partial<FaultConfig>,
  };
}
