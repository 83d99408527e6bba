import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { controlCall } from "../../e2e/sim";
import { EXIT_PORT_IN_USE, freePort, stopChild } from "../../scripts/fleet/processes";

// The system under test, as an operator runs it: the standalone market (`npm run sim`) with a known key, and the app
// in remote mode (`npm start`, built from the current sources when stale) pointed at it. Both are real processes; the
// app's stdout and stderr are kept to search for the key.

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

export interface System {
  key: string;
  appUrl: string;
  simUrl: string;
  appPid: number;
  /** The app's inspector on loopback (the soak collects its garbage through it before reading its memory). */
  appInspectorPort: number;
  /** Everything the app process wrote. */
  logs: string[];
  sim<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

function waitForLine(child: ChildProcess, pattern: RegExp, ms: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start within ${ms / 1000} s:\n${seen.slice(-2000)}`)),
      ms,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk;
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${seen.slice(-2000)}`));
    });
  });
}

/**
 * Deliberately broken variants (`SYSTEM_BREAK=<name> npm run test:system`): each starts the system with one defect
 * its check exists to catch, and runs that check only, which must then fail. They show every check can go red.
 */
export interface BrokenVariant {
  /** The check it must turn red (a prefix of its name, as `npm run test:system -- <name>` takes). */
  check: string;
  defect: string;
  /** Extra environment for the app. */
  app?: Record<string, string>;
  /** Extra options for the market (`npm run sim`). */
  market?: string[];
  /** A file in test/system/defects/ preloaded into the app (NODE_OPTIONS=--require): a defect no setting makes. */
  preload?: string;
}

export const DEFECTS_DIR = join(import.meta.dirname, "defects");

export const BROKEN_VARIANTS: Record<string, BrokenVariant> = {
  "bad-input": {
    check: "bad input",
    defect: "the market answers every REST call 503 (--rest-error-rate 1), so valid requests end in 5xx",
    market: ["--rest-error-rate", "1"],
  },
  ssrf: {
    check: "SSRF",
    defect: "IMAGE_ALLOWED_HOSTS=*: the image route fetches icons from any public host",
    app: { IMAGE_ALLOWED_HOSTS: "*" },
  },
  "upstream-faults": {
    check: "upstream faults",
    defect: "PROXY_UPSTREAM_TIMEOUT_MS=8000: a hung upstream holds a request 8 s",
    app: { PROXY_UPSTREAM_TIMEOUT_MS: "8000" },
  },
  "slow-consumer": {
    check: "slow consumer",
    defect:
      "the read-lag bound lifted (STREAM_MAX_READ_LAG_MS=3600000, STREAM_MAX_UNREAD_BYTES=1 GiB): only the send queue's bound is left, behind the kernel's buffers",
    app: { STREAM_MAX_READ_LAG_MS: "3600000", STREAM_MAX_UNREAD_BYTES: String(1024 ** 3) },
  },
  "stream-chaos": {
    check: "stream chaos",
    defect:
      "the market never sends 30 % of its pulse deltas (--stream-skip-delta-rate 0.3), as a gateway losing them would",
    market: ["--stream-skip-delta-rate", "0.3"],
  },
  "key-secrecy": {
    check: "key secrecy",
    defect:
      "every answer carries the key in an x-upstream-authorization header, as a proxy copying its upstream headers would",
    preload: "key-in-header.cjs",
  },
  "hostile-metadata": {
    check: "hostile metadata",
    defect:
      "every page carries an <img onerror=…> that runs script, as a page rendering a token's markup name as HTML would",
    preload: "markup-unescaped.cjs",
  },
  soak: {
    check: "soak",
    defect: "the server keeps 64 KB for every request it answers, as a cache without a bound would",
    preload: "request-leak.cjs",
  },
  "server-logs": {
    check: "server logs",
    defect: "the server prints its upstream key once at start-up",
    preload: "key-in-log.cjs",
  },
};

/** The app's environment for a variant: its settings, and its defect preloaded. */
export function variantAppEnv(
  v: BrokenVariant | undefined,
  nodeOptions = process.env.NODE_OPTIONS,
): Record<string, string> {
  if (!v) return {};
  const env = { ...v.app };
  if (v.preload)
    env.NODE_OPTIONS = `${nodeOptions ? `${nodeOptions} ` : ""}--require "${join(DEFECTS_DIR, v.preload)}"`;
  return env;
}

export function brokenVariant() {
  const name = process.env.SYSTEM_BREAK;
  if (!name) return undefined;
  const v = BROKEN_VARIANTS[name];
  if (!v) throw new Error(`SYSTEM_BREAK=${name}: not one of ${Object.keys(BROKEN_VARIANTS).join(", ")}`);
  return { name, ...v };
}

export async function startSystem(opts: { env?: Record<string, string> } = {}): Promise<System> {
  const broken = brokenVariant();
  // Characters that base64 and URL encoding change, so each encoded form is a distinct needle.
  const key = `sys+${randomBytes(18).toString("base64url")}/k=`;
  // SYSTEM_PORT pins the app's port (the market takes the next one). Otherwise the market listens on a port of its
  // own choosing and names it, and the app gets a free port picked just before it starts.
  const pinned = Number(process.env.SYSTEM_PORT ?? 0);
  const sim = spawn(
    TSX,
    [
      "sim.ts",
      "--port",
      String(pinned ? pinned + 1 : 0),
      "--seed",
      "7",
      "--key",
      key,
      "--speed",
      "4",
      "--warmup-min",
      "10",
      ...(broken?.market ?? []),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, SIM_KEY: "", SIM_PORT: "", SIM_SEED: "", SIM_SPEED: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const simPort = Number(
    (await waitForLine(sim, /base URL +http:\/\/127\.0\.0\.1:(\d+)/, 120_000, "the market")).match(/:(\d+)$/)?.[1],
  );
  const simUrl = `http://127.0.0.1:${simPort}`;

  let logs: string[] = [];
  let app: ChildProcess;
  let appPort: number;
  let appInspectorPort: number;
  // A port picked here could be taken before the app listens: the app then exits with EXIT_PORT_IN_USE, and
  // starts again on another.
  for (let attempt = 1; ; attempt++) {
    logs = [];
    appPort = pinned || (await freePort());
    // The inspector is the node process's own (not in NODE_OPTIONS, so a build start.mjs runs does not take the port).
    appInspectorPort = await freePort();
    app = startApp({ appPort, appInspectorPort, simUrl, simPort, key, logs, env: opts.env, broken });
    try {
      await waitForLine(app, /ready on http/, 900_000, "the app");
      break;
    } catch (error) {
      if (app.exitCode === EXIT_PORT_IN_USE && !pinned && attempt < 5) continue;
      await stopChild(sim, 8_000);
      throw error;
    }
  }
  const appUrl = `http://127.0.0.1:${appPort}`;
  const started = app;

  return {
    key,
    appUrl,
    simUrl,
    appPid: started.pid as number,
    appInspectorPort,
    logs,
    sim: <T>(method: string, path: string, body?: unknown) => controlCall<T>(simUrl, method, path, body),
    async stop() {
      await stopChild(started, 8_000);
      await stopChild(sim, 8_000);
    },
  };
}

/** The app in remote mode on the market, its output kept in `logs`. */
function startApp(o: {
  appPort: number;
  appInspectorPort: number;
  simUrl: string;
  simPort: number;
  key: string;
  logs: string[];
  env: Record<string, string> | undefined;
  broken: ReturnType<typeof brokenVariant>;
}): ChildProcess {
  const { appPort, appInspectorPort, simUrl, simPort, key, logs, env, broken } = o;
  const app = spawn(process.execPath, [`--inspect=127.0.0.1:${appInspectorPort}`, "scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(appPort),
      MARKET_API_URL: simUrl,
      MARKET_STREAM_URL: `ws://127.0.0.1:${simPort}`,
      MARKET_API_KEY: key,
      LOG_LEVEL: "info",
      // Every simulated visitor comes through one trusted proxy hop and names its own address.
      TRUST_PROXY: "1",
      PROXY_BREAKER_OPEN_MS: "2000",
      NEXT_TELEMETRY_DISABLED: "1",
      SIM_KEY: "",
      ...env,
      ...variantAppEnv(broken),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.on("data", (c: Buffer) => logs.push(String(c)));
  app.stderr?.on("data", (c: Buffer) => logs.push(String(c)));
  return app;
}

/** Resident memory of a process in MB. */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN) / 1024;
}
