import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nginxConfig } from "./nginx-config";

// Real redis-server and nginx on loopback for `npm run fleet` and the fleet tests: started on free ports, each in
// its own temporary directory, stopped (and the directory removed) by stop().

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** A free loopback TCP port (the kernel's choice; released before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (or rejects after timeoutMs). */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ListeningMessage {
  type: "listening";
  port: number;
}

/** What a server spawned with an IPC channel sends once it listens (server.ts, sim.ts). */
export function isListeningMessage(message: unknown): message is ListeningMessage {
  const m = message as Partial<ListeningMessage> | null;
  return typeof m === "object" && m !== null && m.type === "listening" && Number.isInteger(m.port);
}

/** Exit code of server.ts when its port is taken (Linux's EADDRINUSE errno): the launcher may pick another. */
export const EXIT_PORT_IN_USE = 98;

export class ExitedBeforeListening extends Error {
  constructor(
    readonly what: string,
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    output: string[],
  ) {
    super(
      `${what} exited (${signal ?? `code ${code}`}) before it listened${output.length ? `; its last output:\n${output.join("\n")}` : ""}`,
    );
  }
}

/**
 * Resolves with the port a child spawned with an "ipc" stdio slot reports ({ type: "listening", port }), then closes
 * the channel. No polling of the port: a probe connection could take the port itself (TCP self-connect) or mistake
 * another process for the child. Rejects when the child exits first (with its exit code and `output()`'s last lines)
 * or after timeoutMs.
 */
export function listeningPort(
  child: ChildProcess,
  what: string,
  timeoutMs = 120_000,
  output: () => string[] = () => [],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    const onMessage = (message: unknown) => {
      if (!isListeningMessage(message)) return;
      done();
      if (child.connected) child.disconnect();
      resolve(message.port);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new ExitedBeforeListening(what, code, signal, output().slice(-20)));
    };
    const timer = setTimeout(() => {
      done();
      const tail = output().slice(-20);
      reject(
        new Error(
          `${what} did not listen within ${timeoutMs} ms${tail.length ? `; its last output:\n${tail.join("\n")}` : ""}`,
        ),
      );
    }, timeoutMs);
    child.on("message", onMessage);
    child.once("exit", onExit);
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Ends a child: SIGTERM, then SIGKILL if it is still there after graceMs. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
}

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (its data is not saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port after stop() (an empty server, as after a crash without persistence). */
  start(): Promise<void>;
}

export interface RedisOptions {
  port?: number;
  /** maxmemory with volatile-lru: cache entries (all with a TTL) are evicted, the credits ledger (no TTL) never (default 64mb). */
  maxmemory?: string;
}

export async function startRedis(opts: RedisOptions = {}): Promise<RedisServer> {
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "tradescope-redis-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "no",
        "--maxmemory",
        opts.maxmemory ?? "64mb",
        "--maxmemory-policy",
        "volatile-lru",
        "--loglevel",
        "warning",
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const failed = new Promise<never>((_, reject) =>
      child?.once("exit", (code) => reject(new Error(`redis-server exited with code ${code}`))),
    );
    await Promise.race([waitForPort(port), failed]);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      if (child) await stopChild(child);
      child = undefined;
    },
  };
}

export interface Nginx {
  port: number;
  url: string;
  /** Rewrites the upstream block to these app ports, reloads nginx, and resolves once `/api/health` answers 200. */
  setUpstreams(ports: number[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * nginx balancing HTTP and WebSocket upgrades over the given app ports (config: nginx-config.ts). With no ports it
 * answers 502 until setUpstreams: the launcher starts it first, so the instances can be told its origin.
 */
export async function startNginx(opts: { upstreamPorts: number[]; port?: number }): Promise<Nginx> {
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "tradescope-nginx-"));
  const conf = join(dir, "nginx.conf");
  const write = (upstreamPorts: number[]) =>
    writeFileSync(conf, nginxConfig({ listenPort: port, upstreamPorts, prefix: dir }));
  write(opts.upstreamPorts);
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-e", join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const failed = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`nginx exited with code ${code} (see ${dir}/error.log)`))),
  );
  failed.catch(() => {});
  await Promise.race([waitForPort(port), failed]);
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    async setUpstreams(ports, timeoutMs = 30_000) {
      write(ports);
      const reload = spawn(NGINX, ["-p", dir, "-c", conf, "-e", join(dir, "error.log"), "-s", "reload"], {
        stdio: ["ignore", "ignore", "inherit"],
      });
      const code = await new Promise<number | null>((resolve) => reload.once("exit", (c) => resolve(c)));
      if (code !== 0) throw new Error(`nginx -s reload exited with code ${code} (see ${dir}/error.log)`);
      // The master applies the new configuration after the signal: until then its old workers answer 502.
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await fetch(`${url}/api/health`, { headers: { connection: "close" } }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline)
          throw new Error(`nginx did not reach an instance within ${timeoutMs} ms (last status ${status})`);
        await Promise.race([new Promise((r) => setTimeout(r, 50)), failed]);
      }
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
