import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { freePort, type Nginx, type RedisServer, startNginx, startRedis, stopChild, waitForPort } from "./processes";

// The deployment shape on loopback: redis-server, the standalone embedded market (`npm run sim`), N app instances
// (server.ts on the production build, in fleet mode) and nginx balancing HTTP and WebSocket upgrades over them.
// Used by `npm run fleet` and by the fleet tests that need the real app.

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface AppInstance {
  name: string;
  port: number;
  url: string;
  proc: ChildProcess;
  /** Its stdout lines (pino JSON). */
  logs: string[];
}

export interface LaunchedFleet {
  url: string;
  redis: RedisServer;
  nginx: Nginx;
  market: { url: string; streamUrl: string; key: string; proc: ChildProcess };
  apps: AppInstance[];
  /** Environment every instance gets (fleet mode, the market, TRUST_PROXY=1). */
  env: Record<string, string>;
  startApp(name: string, port?: number): Promise<AppInstance>;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  instances?: number;
  /** nginx's port (default: a free one). */
  port?: number;
  /** redis-server's, the market's and the first app instance's ports (default: free ones; the others follow). */
  redisPort?: number;
  marketPort?: number;
  basePort?: number;
  /** Market seed and clock speed. */
  seed?: number;
  speed?: number;
  /** Extra environment for every app instance. */
  env?: Record<string, string>;
  /** Where child output goes: "inherit" prints it (npm run fleet), "pipe" keeps it in `logs` (tests). */
  output?: "inherit" | "pipe";
}

function collect(proc: ChildProcess, logs: string[]) {
  let rest = "";
  proc.stdout?.on("data", (chunk: Buffer) => {
    const text = rest + chunk.toString("utf8");
    const lines = text.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line) logs.push(line);
    if (logs.length > 5_000) logs.splice(0, logs.length - 5_000);
  });
}

export async function launchFleet(o: LaunchOptions = {}): Promise<LaunchedFleet> {
  const stdio = o.output === "pipe" ? "pipe" : "inherit";
  const started: Array<() => Promise<void>> = [];
  try {
    const redis = await startRedis({ port: o.redisPort });
    started.push(() => redis.stop());

    const key = randomBytes(24).toString("base64url");
    const marketPort = o.marketPort ?? (await freePort());
    const marketProc = spawn(
      `${root}node_modules/.bin/tsx`,
      [
        `${root}sim.ts`,
        "--host",
        "127.0.0.1",
        "--port",
        String(marketPort),
        "--key",
        key,
        "--seed",
        String(o.seed ?? 42),
        "--speed",
        String(o.speed ?? 1),
      ],
      { cwd: root, stdio: ["ignore", stdio, "inherit"] },
    );
    started.push(() => stopChild(marketProc));
    if (stdio === "pipe") marketProc.stdout?.resume();
    await waitForPort(marketPort, 120_000);
    const market = {
      url: `http://127.0.0.1:${marketPort}`,
      streamUrl: `ws://127.0.0.1:${marketPort}`,
      key,
      proc: marketProc,
    };

    const nginxPort = o.port ?? (await freePort());
    const n = o.instances ?? 3;
    const env: Record<string, string> = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      REDIS_URL: redis.url,
      FLEET_EXPECTED_INSTANCES: String(n),
      MARKET_API_URL: market.url,
      MARKET_STREAM_URL: market.streamUrl,
      MARKET_API_KEY: key,
      TRUST_PROXY: "1",
      ALLOWED_ORIGINS: `http://127.0.0.1:${nginxPort},http://localhost:${nginxPort}`,
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      NEXT_TELEMETRY_DISABLED: "1",
      ...o.env,
    };
    const apps: AppInstance[] = [];
    const startApp = async (name: string, port?: number): Promise<AppInstance> => {
      const p = port ?? (await freePort());
      const proc = spawn(process.execPath, [`${root}scripts/start.mjs`], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(p) },
        stdio: ["ignore", stdio, "inherit"],
      });
      const app = { name, port: p, url: `http://127.0.0.1:${p}`, proc, logs: [] as string[] };
      collect(proc, app.logs);
      started.push(() => stopChild(proc));
      await waitForPort(p, 120_000);
      return app;
    };
    for (let i = 0; i < n; i++)
      apps.push(await startApp(`app-${i + 1}`, o.basePort === undefined ? undefined : o.basePort + i));

    const nginx = await startNginx({ upstreamPorts: apps.map((a) => a.port), port: nginxPort });
    started.push(() => nginx.stop());
    return {
      url: nginx.url,
      redis,
      nginx,
      market,
      apps,
      env,
      startApp,
      async stop() {
        for (const stop of started.reverse()) await stop();
      },
    };
  } catch (error) {
    for (const stop of started.reverse()) await stop().catch(() => {});
    throw error;
  }
}
