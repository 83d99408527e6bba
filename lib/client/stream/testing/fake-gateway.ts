import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";

// A tiny gateway speaking the browser protocol (lib/api/stream.ts frames) on port 0, for socket and store tests.

export interface FakeGateway {
  url: string;
  /** Client frames received, in order, across connections. */
  received: Array<Record<string, unknown>>;
  connections(): number;
  /** Sends a frame to every open client. */
  broadcast(frame: unknown): void;
  sendRaw(text: string): void;
  /** Drops every client connection (an upstream or network loss). */
  dropAll(): void;
  /** Refuse (close at once) new connections while true. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startFakeGateway(opts: { ack?: boolean } = {}): Promise<FakeGateway> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((r) => wss.once("listening", () => r()));
  const received: Array<Record<string, unknown>> = [];
  let refusing = false;
  wss.on("connection", (ws) => {
    if (refusing) return ws.close(1013, "try again later");
    ws.send(
      JSON.stringify({ type: "authed", limits: { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50 } }),
    );
    ws.on("message", (data) => {
      const f = JSON.parse(String(data)) as Record<string, unknown>;
      received.push(f);
      if (f.type === "subscribe" && opts.ack !== false)
        ws.send(JSON.stringify({ type: "subscribed", id: f.id, channel: f.channel, params: f.params }));
      if (f.type === "unsubscribe") ws.send(JSON.stringify({ type: "unsubscribed", id: f.id }));
      if (f.type === "ping") ws.send(JSON.stringify({ type: "pong", t: f.t }));
    });
  });
  const open = () => [...wss.clients].filter((c) => c.readyState === WebSocket.OPEN);
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/api/stream`,
    received,
    connections: () => open().length,
    broadcast: (frame) => {
      for (const c of open()) c.send(JSON.stringify(frame));
    },
    sendRaw: (text) => {
      for (const c of open()) c.send(text);
    },
    dropAll: () => {
      for (const c of wss.clients) c.terminate();
    },
    refuse: (on) => {
      refusing = on;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

/** Polls a condition: network tests wait for frames, never sleep fixed times. The bound only ends a test that would
 *  wait forever; it is sized for a loaded 2-core machine, where a frame can take seconds, not for speed. */
export async function waitFor(cond: () => boolean, timeoutMs = 20_000, what = "condition"): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
