import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, vi } from "vitest";
import { WebSocket } from "ws";
import { type CreditLedger, type FaultConfig, NO_FAULTS } from "../../feed";
import { createSimStreamServer, type SimStreamServer, type SimStreamServerOptions } from "../server";
import { TestFeed } from "./feed";
import { createManualTimers, type ManualTimers } from "../timers";

// Test helpers: a stream server on port 0 over a TestFeed and a manual clock, and a client that queues frames.

export type Frame = Record<string, unknown> & { type: string };

export class TestClient {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private pings = 0;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => {
      this.frames.push(JSON.parse(String(d)));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
    ws.on("error", () => {});
  }

  static open(url: string): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const c = new TestClient(ws);
      ws.once("open", () => resolve(c));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  /** Opens `url` and authenticates with `key`; the `authed` frame is taken. */
  static async authed(url: string, key: string): Promise<TestClient> {
    const c = await TestClient.open(url);
    c.send({ type: "auth", key });
    const f = await c.next();
    if (f.type !== "authed") throw new Error(`auth failed: ${JSON.stringify(f)}`);
    return c;
  }

  /** Subscribes and takes the acknowledgement or the refusal. */
  subscribe(id: string, channel: string, params: unknown): Promise<Frame> {
    this.send({ type: "subscribe", id, channel, params });
    return this.next((f) => (f.type === "subscribed" || f.type === "error") && f.id === id);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Takes the first queued frame matching `pred`, waiting for it if needed. */
  async next(pred: (f: Frame) => boolean = () => true, timeoutMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex(pred);
      if (i >= 0) return this.frames.splice(i, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame; queued: ${JSON.stringify(this.frames).slice(0, 400)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Round-trips a ping: every frame the server sent before it has arrived. */
  async barrier(): Promise<void> {
    const t = ++this.pings;
    this.send({ type: "ping", t });
    await this.next((f) => f.type === "pong" && f.t === t);
  }

  /** Takes every queued event frame of a subscription. */
  take(id: string, kind?: string): Frame[] {
    const out: Frame[] = [];
    for (let i = 0; i < this.frames.length; ) {
      const f = this.frames[i];
      if (f.type === "event" && f.id === id && (!kind || f.kind === kind)) out.push(...this.frames.splice(i, 1));
      else i++;
    }
    return out;
  }

  close(): Promise<unknown> {
    this.ws.close();
    return this.closed;
  }
}

export function memoryLedger(): CreditLedger & { log: { key: string; credits: number; endpoint: string }[] } {
  const log: { key: string; credits: number; endpoint: string }[] = [];
  return {
    log,
    charge: (key, credits, endpoint) => void log.push({ key, credits, endpoint }),
    spent: (key) => log.filter((l) => l.key === key).reduce((s, l) => s + l.credits, 0),
  };
}

export const KEY = "test-key-1";
export const KEY2 = "test-key-2";

export interface Harness {
  feed: TestFeed;
  timers: ManualTimers;
  ledger: ReturnType<typeof memoryLedger>;
  faults: FaultConfig;
  server: SimStreamServer;
  url: string;
  http: Server;
  clients: TestClient[];
  open(): Promise<TestClient>;
  /** Opens and authenticates. */
  connect(key?: string): Promise<TestClient>;
  subscribe(c: TestClient, id: string, channel: string, params: unknown): Promise<Frame>;
  close(): Promise<void>;
}

export async function startHarness(extra: Partial<SimStreamServerOptions> = {}): Promise<Harness> {
  const timers = createManualTimers(1_800_000_000_000);
  const feed = new TestFeed(() => timers.now());
  const ledger = memoryLedger();
  const faults: FaultConfig = { ...NO_FAULTS };
  const server = createSimStreamServer({
    feed,
    ledger,
    timers,
    wallTimers: timers,
    // tests move time in big steps a real peer could not answer pings within; the heartbeat test sets its own
    heartbeatMs: 24 * 3600_000,
    faults: () => faults,
    isValidKey: (k) => k === KEY || k === KEY2,
    ...extra,
  });
  const http = createServer((_req, res) => res.end());
  http.on("upgrade", (req, socket, head) => server.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/v1/stream`;
  const clients: TestClient[] = [];
  const h: Harness = {
    feed,
    timers,
    ledger,
    faults,
    server,
    url,
    http,
    clients,
    async open() {
      const c = await TestClient.open(url);
      clients.push(c);
      return c;
    },
    async connect(key = KEY) {
      const c = await TestClient.authed(url, key);
      clients.push(c);
      return c;
    },
    subscribe: (c, id, channel, params) => c.subscribe(id, channel, params),
    async close() {
      for (const c of clients) c.ws.terminate();
      await server.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
  return h;
}

/** Waits until the server's view satisfies `pred` (socket close handshakes finish asynchronously). */
export async function until(pred: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The token most stream tests trade on, on Base, and its two pools. */
export const BASE = "evm:8453";
export const TOKEN = "0x1111111111111111111111111111111111111111";
export const POOL_A = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
export const POOL_B = "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

/**
 * A fresh harness for each test of the calling file, `TOKEN` trading on `BASE` in `pools` (and the `more` tokens),
 * closed after the test. Real sockets on a shared machine: generous limits, reached only when something is wrong.
 */
export function harnessPerTest(
  pools: string[] = [POOL_A, POOL_B],
  more: Array<[chain: string, token: string, pools: string[]]> = [],
): Harness & { restart(extra: Partial<SimStreamServerOptions>): Promise<void> } {
  vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });
  let current: Harness | undefined;
  const start = async (extra?: Partial<SimStreamServerOptions>) => {
    current = await startHarness(extra);
    current.feed.addToken(BASE, TOKEN, pools);
    for (const [chain, token, p] of more) current.feed.addToken(chain, token, p);
  };
  /** The same tokens on a server with other options, for the rest of the test. */
  const restart = async (extra: Partial<SimStreamServerOptions>) => {
    await current?.close();
    await start(extra);
  };
  beforeEach(() => start());
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as Harness & { restart: typeof restart }, {
    get(_target, prop) {
      if (prop === "restart") return restart;
      if (!current) throw new Error("the harness exists only inside a test");
      return Reflect.get(current, prop);
    },
  });
}
