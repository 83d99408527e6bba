import { Agent, fetch } from "undici";
import { afterAll, beforeAll } from "vitest";
import { createClock } from "../engine/clock";
import { type SimService, startSimService } from "../service";

// Shared by the service-level tests: one embedded service on port 0 with a virtual clock.

/** Parsed JSON bodies in tests. */
export type Json = ReturnType<typeof JSON.parse>;

export const TEST_KEY = "test-key-0123456789";
export const START = Date.UTC(2026, 5, 1, 12, 0, 0);

export interface Harness {
  sim: SimService;
  call(
    method: string,
    path: string,
    opts?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Json; headers: Headers }>;
  /** GET that must answer 200: its body, or a thrown error naming the path, status and body. */
  get(path: string): Promise<Json>;
  advance(ms: number): void;
  control(method: string, path: string, body?: unknown): Promise<Json>;
}

// A fresh connection per call: the service shares this process, so a clock advance that blocks the event loop can
// fire the server's keep-alive timeout just as a pooled socket is reused (ECONNRESET).
const noKeepAlive = new Agent({ pipelining: 0 });

export async function startHarness(opts: { warmupMs?: number; seed?: number } = {}): Promise<Harness> {
  const clock = createClock({ virtual: true, start: START });
  const sim = await startSimService({
    key: TEST_KEY,
    seed: opts.seed ?? 7,
    clock,
    warmupMs: opts.warmupMs ?? 20 * 60_000,
  });
  const call: Harness["call"] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.key !== null) headers.authorization = o.key ?? TEST_KEY;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["content-type"] = "application/json";
    }
    const res = await fetch(`${sim.baseUrl}${path}`, { method, headers, body, dispatcher: noKeepAlive });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    sim,
    call,
    async get(path) {
      const r = await call("GET", path);
      if (r.status !== 200) throw new Error(`${path} → ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    advance: (ms) => clock.advance(ms),
    async control(method, path, body) {
      const r = await call(method, path, { key: null, body });
      if (r.status !== 200) throw new Error(`control ${path} → ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data;
    },
  };
}

/** A market of a test file's own, with the control state it started in (`/__control/state`). */
export interface FileMarket extends Harness {
  readonly state: Json;
}

/**
 * One warmed market per test file: started before the file's first test, closed after its last. The returned object
 * is usable inside tests and hooks (not at the file's top level, before the market exists).
 */
export function marketForFile(opts: { warmupMs: number; seed?: number }, startTimeoutMs = 90_000): FileMarket {
  let h: Harness | undefined;
  let state: Json;
  const live = () => {
    if (!h) throw new Error("the file's market is not started yet");
    return h;
  };
  beforeAll(async () => {
    h = await startHarness(opts);
    state = await h.control("GET", "/__control/state");
  }, startTimeoutMs);
  afterAll(() => h?.sim.close());
  return {
    get sim() {
      return live().sim;
    },
    get state() {
      live();
      return state;
    },
    call: (...a) => live().call(...a),
    get: (path) => live().get(path),
    advance: (ms) => live().advance(ms),
    control: (...a) => live().control(...a),
  };
}
