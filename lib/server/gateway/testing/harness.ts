import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import { createVirtualClock, type VirtualClock } from "./virtual-clock";
import { createStreamGateway, type StreamGateway, type StreamGatewayOptions } from "../index";
import { startTestUpstream, type TestUpstream, type TestUpstreamOptions } from "./upstream";

// Test wiring: a fake upstream, the gateway on a plain node:http server, and browser-like clients.

export type Frame = Record<string, unknown> & { type: string };

export class TestBrowser {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => this.frames.push(JSON.parse(String(data)) as Frame));
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    ws.on("error", () => {});
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  subscribe(id: string, channel: string, params: unknown, extra: Record<string, unknown> = {}): void {
    this.send({ type: "subscribe", id, channel, params, ...extra });
  }

  of(type: string, id?: string): Frame[] {
    return this.frames.filter((f) => f.type === type && (id === undefined || f.id === id));
  }

  async waitFor(pred: (f: Frame) => boolean, what = "frame", timeoutMs = 3_000): Promise<Frame> {
    await until(() => this.frames.some(pred), what, timeoutMs);
    return this.frames.find(pred) as Frame;
  }

  close(): void {
    this.ws.close();
  }
}

/** Waits for `cond`; on timeout, `what` (or what it returns then) says what was awaited and what was missing. */
export async function until(cond: () => boolean, what: string | (() => string) = "condition", timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === "function" ? what() : what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface Harness {
  up: TestUpstream;
  gw: StreamGateway;
  clock: VirtualClock;
  url: string;
  browser(headers?: Record<string, string>): Promise<TestBrowser>;
  close(): Promise<void>;
}

export async function startHarness(
  opts: { upstream?: TestUpstreamOptions; gateway?: Partial<StreamGatewayOptions>; virtualClock?: boolean } = {},
): Promise<Harness> {
  const up = await startTestUpstream(opts.upstream);
  const clock = createVirtualClock();
  const gw = createStreamGateway({
    upstream: { streamUrl: up.streamUrl, key: up.key },
    registerUsage: false,
    log: { warn: () => {} },
    random: () => 0.5,
    heartbeatMs: 600_000,
    // Every test client is on loopback; tests of the per-address share pass their own `perIp`.
    perIp: { exemptLoopback: true },
    ...(opts.virtualClock === false ? {} : { clock }),
    ...opts.gateway,
  });
  const server: Server = createServer((_req, res) => res.end());
  server.on("upgrade", (req, socket, head) => gw.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`;
  const browsers: TestBrowser[] = [];
  return {
    up, gw, clock, url,
    async browser(headers) {
      const b = new TestBrowser(new WebSocket(url, { headers }));
      browsers.push(b);
      await b.waitFor((f) => f.type === "authed" || f.type === "error", "authed");
      return b;
    },
    async close() {
      for (const b of browsers) b.ws.terminate();
      await gw.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await up.close();
    },
  };
}
