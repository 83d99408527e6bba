import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type SimService, startSimService } from "@/lib/sim/service";
import { redact } from "@/lib/sim/usage";
import { type RedisServer, startRedis, stopChild } from "@/scripts/fleet/processes";

// A fleet for the tests: a real redis-server, the embedded market in this process (its ledger is the market's own
// per-key count of credits spent), and N instances (rest-instance.ts), each its own process, on loopback.

const root = fileURLToPath(new URL("../..", import.meta.url));
export const FLEET_KEY = "fleet-test-key-0123456789abcdef";

export interface Instance {
  name: string;
  url: string;
  proc: ChildProcess;
  /** Its log lines (pino JSON), as printed. */
  logs: string[];
  /** What it wrote to stderr (also passed on to this process's stderr). */
  stderr: string[];
  stop(): Promise<void>;
}

export interface Fleet {
  redis: RedisServer;
  sim: SimService;
  instances: Instance[];
  /** Credits the market charged our key so far (its own ledger). */
  spent(): number;
  /** The market's own report of our key's use (GET /__control/usage): stream connections, tracked, REST calls. */
  usage(): Promise<KeyUsage>;
  startInstance(name: string): Promise<Instance>;
  stop(): Promise<void>;
}

export interface KeyUsage {
  stream: {
    now: { connections: number; subscriptionsPerConnection: number[]; tracked: number };
    peak: { connections: number; subscriptionsPerConnection: number; tracked: number };
    refused: Record<string, number>;
  };
  restCalls: number;
  restCredits: number;
}

export interface FleetOptions {
  instances?: number;
  /** The market's clock speed (default 1). */
  speed?: number;
  /** Extra environment for every instance (PROXY_*, MARKET_CREDIT_BUDGET, …). */
  env?: Record<string, string>;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  // The node process itself (not a tsx wrapper), so a SIGKILL ends the instance, as a crash would.
  const proc = spawn(process.execPath, ["--import", "tsx", `${root}test/fleet/rest-instance.ts`], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "info", PORT: "0", FLEET_INSTANCE_NAME: name, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const stderr: string[] = [];
  proc.stderr?.on("data", (chunk: Buffer) => {
    stderr.push(String(chunk));
    process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    rl.on("line", (line) => {
      const parsed = JSON.parse(line) as { url?: string; msg?: string };
      if (parsed.msg === undefined && parsed.url) {
        clearTimeout(timer);
        resolve(parsed.url);
      } else logs.push(line);
    });
    proc.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { name, url, proc, logs, stderr, stop: () => stopChild(proc) };
}

export async function startFleet(opts: FleetOptions = {}): Promise<Fleet> {
  const redis = await startRedis();
  const sim = await startSimService({ key: FLEET_KEY, seed: 42, warmupMs: 5 * 60_000, speed: opts.speed });
  const env = {
    REDIS_URL: redis.url,
    MARKET_API_URL: sim.baseUrl,
    MARKET_STREAM_URL: sim.streamUrl,
    MARKET_API_KEY: FLEET_KEY,
    FLEET_EXPECTED_INSTANCES: String(opts.instances ?? 3),
    ...opts.env,
  };
  const instances = await Promise.all(
    Array.from({ length: opts.instances ?? 3 }, (_, i) => startInstance(`app-${i + 1}`, env)),
  );
  for (const i of instances) await until(`${i.name} to join the fleet`, () => redisUp(i.url));
  return {
    redis,
    sim,
    instances,
    spent: () => sim.ledger.spent(FLEET_KEY),
    async usage() {
      const r = await fetch(`${sim.baseUrl}/__control/usage`);
      const { data } = (await r.json()) as { data: Record<string, KeyUsage> };
      const empty = { connections: 0, subscriptionsPerConnection: [], tracked: 0 };
      return (
        data[redact(FLEET_KEY)] ?? {
          stream: { now: empty, peak: { connections: 0, subscriptionsPerConnection: 0, tracked: 0 }, refused: {} },
          restCalls: 0,
          restCredits: 0,
        }
      );
    },
    startInstance: (name) => startInstance(name, env),
    async stop() {
      await Promise.all(instances.map((i) => i.stop()));
      await sim.close();
      await redis.stop();
    },
  };
}

/** Whether the instance reports that it reaches Redis (/api/health). */
export async function redisUp(base: string): Promise<boolean> {
  const r = await fetch(`${base}/api/health`);
  const body = (await r.json()) as { fleet: { redis: string } | null };
  return body.fleet?.redis === "up";
}

/** Waits until `check` returns true, polling every 100 ms; throws with `what` after timeoutMs. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A trade row as a test reads it off the stream (the fields its identity and timing need). */
export interface Row {
  txHash: string;
  block: number;
  logIndex: number;
  at: number;
  preconfirmed: boolean;
}

/** A trade's identity (§6): txHash + block + logIndex. */
export const keyOf = (r: Row) => `${r.txHash}:${r.block}:${r.logIndex}`;
