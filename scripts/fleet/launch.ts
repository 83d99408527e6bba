import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import {
  EXIT_PORT_IN_USE,
  ExitedBeforeListening,
  freePort,
  listeningPort,
  type Nginx,
  type RedisServer,
  startNginx,
  startRedis,
  stopChild,
} from "./processes";

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

    // The market listens on a port of its own choosing (unless one is given) and reports it over IPC: a port picked
    // here and handed over could be taken while the child starts.
    const key = randomBytes(24).toString("base64url");
    const marketProc = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        `${root}sim.ts`,
        "--host",
        "127.0.0.1",
        "--port",
        String(o.marketPort ?? 0),
        // One argument: a base64url key can start with "-", which the market's option parser would take for a flag.
        `--key=${key}`,
        "--seed",
        String(o.seed ?? 42),
        "--speed",
        String(o.speed ?? 1),
      ],
      { cwd: root, stdio: ["ignore", stdio, "inherit", "ipc"] },
    );
    started.push(() => stopChild(marketProc));
    if (stdio === "pipe") marketProc.stdout?.resume();
    const marketPort = await listeningPort(marketProc, "the market (sim.ts)");
    const market = {
      url: `http://127.0.0.1:${marketPort}`,
      streamUrl: `ws://127.0.0.1:${marketPort}`,
      key,
      proc: marketProc,
    };

    // nginx first, answering 502 until the instances are up: the instances are told its origin.
    const nginx = await startNginx({ upstreamPorts: [], port: o.port });
    started.push(() => nginx.stop());
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
      ALLOWED_ORIGINS: `http://127.0.0.1:${nginx.port},http://localhost:${nginx.port}`,
      PUBLIC_URL: nginx.url,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      NEXT_TELEMETRY_DISABLED: "1",
      ...o.env,
    };
    const apps: AppInstance[] = [];
    // An instance needs its port before it listens (Next builds its own URLs from it), so the port is picked here;
    // should another process take it meanwhile, the instance exits with EXIT_PORT_IN_USE and gets another one.
    const startApp = async (name: string, port?: number): Promise<AppInstance> => {
      for (let attempt = 1; ; attempt++) {
        const p = port ?? (await freePort());
        const proc = spawn(process.execPath, [`${root}scripts/start.mjs`], {
          cwd: root,
          env: { ...process.env, ...env, PORT: String(p) },
          stdio: ["ignore", stdio, "inherit", "ipc"],
        });
        const app = { name, port: p, url: `http://127.0.0.1:${p}`, proc, logs: [] as string[] };
        collect(proc, app.logs);
        try {
          await listeningPort(proc, `${name} (port ${p})`, 120_000, () => app.logs);
        } catch (error) {
          const taken = error instanceof ExitedBeforeListening && error.code === EXIT_PORT_IN_USE;
          if (!taken || port !== undefined || attempt >= 5) {
            await stopChild(proc);
            throw error;
          }
          continue;
        }
        started.push(() => stopChild(proc));
        return app;
      }
    };
    for (let i = 0; i < n; i++)
      apps.push(await startApp(`app-${i + 1}`, o.basePort === undefined ? undefined : o.basePort + i));
    await nginx.setUpstreams(apps.map((a) => a.port));

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
