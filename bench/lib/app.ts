import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "../../scripts/build-stale.mjs";
import { freePort } from "../../scripts/fleet/processes";

// The production app for benchmarks: one `next build` into its own directory (rebuilt only when the sources are
// newer), served by the real server.ts (Next, proxy.ts middleware, rate limiter, gateway, embedded market) on free
// loopback ports.

export const root = fileURLToPath(new URL("../..", import.meta.url));
/** Build directory of the benchmarks (NEXT_DIST_DIR), apart from `.next` and the e2e builds. */
export const BENCH_DIST = process.env.BENCH_DIST_DIR ?? ".next-bench";

/** Builds the app into BENCH_DIST when it is missing or stale; returns how long it took (0 when reused). */
export function ensureBuild(): number {
  if (!buildIsStale(BENCH_DIST)) return 0;
  console.error(`  · next build into ${BENCH_DIST}…`);
  const t0 = performance.now();
  const r = spawnSync(`${root}node_modules/.bin/next`, ["build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: BENCH_DIST, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status ?? r.signal})`);
  return performance.now() - t0;
}

/** A free loopback TCP port (the benchmarks start their processes on these). */
export { freePort };

export interface App {
  /** http://127.0.0.1:<port> of server.ts */
  base: string;
  /** http://127.0.0.1:<port> of the embedded market (its /__control API answers loopback callers) */
  sim: string;
  simKey: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function up(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Starts server.ts in production on the bench build (building first if needed); `nodeArgs` go to node itself. */
export async function startApp(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<App> {
  ensureBuild();
  const [port, simPort] = [await freePort(), await freePort()];
  const simKey = `bench-sim-key-${process.pid}-${Date.now()}`;
  // node itself (not the tsx wrapper) so `proc.pid` is the server: its CPU time can be read from /proc.
  const proc = spawn(process.execPath, [...nodeArgs, "--import", "tsx", `${root}server.ts`], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: BENCH_DIST,
      NEXT_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      SIM_PORT: String(simPort),
      SIM_KEY: simKey,
      SIM_SEED: "7",
      SIM_SPEED: "1",
      LOG_LEVEL: "warn",
      STREAM_IP_EXEMPT_LOOPBACK: "1", // the benchmark's browsers and clients all connect from this machine
      IMAGE_RATE_LIMIT_RPS: "10000", // the same for their icon requests
      IMAGE_RATE_LIMIT_BURST: "1000000",
      MARKET_API_URL: "",
      MARKET_STREAM_URL: "",
      MARKET_API_KEY: "",
      ...env,
    },
  });
  // A benchmark that dies must not leave the server behind.
  const reap = () => proc.kill("SIGKILL");
  process.once("exit", reap);
  proc.once("exit", () => process.off("exit", reap));
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    proc.once("exit", (code) => reject(new Error(`server.ts exited (${code}) before answering`))),
  );
  const ready = (async () => {
    for (let i = 0; i < 240; i++) {
      if (await up(`${base}/api/health`)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("server.ts did not answer /api/health within 2 min");
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (e) {
    proc.kill("SIGKILL");
    throw e;
  }
  exited.catch(() => {});
  return {
    base,
    sim: `http://127.0.0.1:${simPort}`,
    simKey,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
        setTimeout(() => proc.kill("SIGKILL"), 8_000).unref();
      }),
  };
}

type Notable = Record<string, { chain?: string; address: string } | null>;

/** The pages a visitor opens, by name: the board, a token and a wallet the market names, and the other pages. */
export async function appPages(app: App): Promise<Record<string, string>> {
  const notable = ((await (await fetch(`${app.sim}/__control/state`)).json()) as { data: { notable: Notable } }).data
    .notable;
  const token = notable.establishedToken ?? notable.baseToken;
  const wallet = notable.evmWallet ?? notable.solanaWallet;
  if (!token?.chain || !wallet) throw new Error("the embedded market names no established token or wallet");
  return {
    "/": "/",
    "/pulse": "/pulse",
    "token page": `/token/${token.chain}/${token.address}`,
    "wallet page": `/wallet/${wallet.address}`,
    "/watchlist": "/watchlist",
    "/credits": "/credits",
    "/tracker": "/tracker",
    "/charts": "/charts",
  };
}
