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
  stop(): Promise<void>;
}

/** nginx balancing HTTP and WebSocket upgrades over the given app ports (config: nginx-config.ts). */
export async function startNginx(opts: { upstreamPorts: number[]; port?: number }): Promise<Nginx> {
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "tradescope-nginx-"));
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig({ listenPort: port, upstreamPorts: opts.upstreamPorts, prefix: dir }));
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-e", join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const failed = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`nginx exited with code ${code} (see ${dir}/error.log)`))),
  );
  await Promise.race([waitForPort(port), failed]);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
