import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import {
  type Channel, type ChannelParams, CLOSE_CODES, clientFrameSchema, parseChannelParams, STREAM_LIMITS, STREAM_PATH,
  subscriptionKey, trackedKeys,
} from "@/lib/api";
import { eventBody, eventHead, eventJson } from "../frames";

// A small upstream speaking lib/api/stream.ts frames, with the spec's per-key limits (§8), for gateway tests
// and the benchmark. It is not the embedded market: events are emitted by the test.

export interface FakeSub {
  conn: number;
  id: string;
  channel: Channel;
  params: ChannelParams[Channel];
  key: string;
}

export interface TestUpstream {
  streamUrl: string;
  key: string;
  connections(): number;
  subscriptions(): FakeSub[];
  /** Every subscribe/unsubscribe received, in order. */
  log: Array<{ type: "subscribe" | "unsubscribe"; conn: number; id: string; key: string }>;
  /** Sends an event to every upstream subscription with this subscription key; returns how many got it. */
  emit(key: string, event: { kind: string; data: unknown; meta: Record<string, unknown> }): number;
  /** Sends a raw frame on every connection. */
  broadcastRaw(text: string): void;
  /** Drops every connection abruptly (a crash, seen from the gateway). */
  killAll(): void;
  /** While true, new connections are closed right after the handshake. */
  refuse(on: boolean): void;
  /** Subscriptions whose key matches are registered but never acknowledged (null: acknowledge all). */
  withholdAcks(match: ((key: string) => boolean) | null): void;
  /** WebSocket handshakes accepted so far, refused ones included. */
  handshakes(): number;
  /** From now on only this key authenticates (a revoked key, seen from the gateway). */
  rotateKey(next: string): void;
  close(): Promise<void>;
}

export interface TestUpstreamOptions {
  key?: string;
  /** false = no limits (a baseline with many direct clients). */
  limits?: { connections: number; subscriptionsPerConnection: number; trackedTokens: number } | false;
  /** Called after each acknowledged subscribe (e.g. to send initial state). */
  onSubscribe?(sub: FakeSub, send: (frame: unknown) => void): void;
}

export async function startTestUpstream(opts: TestUpstreamOptions = {}): Promise<TestUpstream> {
  const key = opts.key ?? "test-key";
  let validKey = key;
  const limits = opts.limits === false ? null : (opts.limits ?? STREAM_LIMITS);
  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const conns = new Map<WebSocket, { n: number; authed: boolean; subs: Map<string, FakeSub> }>();
  const byKey = new Map<string, Set<FakeSub>>();
  const socketOf = new Map<FakeSub, WebSocket>();
  const heads = new WeakMap<FakeSub, Buffer>();
  const log: TestUpstream["log"] = [];
  let seq = 0;
  let refusing = false;
  let withhold: ((key: string) => boolean) | null = null;
  let handshakes = 0;

  const tracked = () => {
    const set = new Set<string>();
    for (const c of conns.values()) for (const s of c.subs.values()) for (const k of trackedKeys(s.channel, s.params)) set.add(k);
    return set;
  };
  const drop = (sub: FakeSub) => {
    byKey.get(sub.key)?.delete(sub);
    if (byKey.get(sub.key)?.size === 0) byKey.delete(sub.key);
    socketOf.delete(sub);
  };

  http.on("upgrade", (req, socket, head) => {
    if (!req.url?.startsWith(STREAM_PATH)) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      handshakes++;
      if (refusing) return ws.close(CLOSE_CODES.limitConnections, "refused");
      if (limits && conns.size >= limits.connections) {
        ws.send(JSON.stringify({ type: "error", code: "limit_connections", message: "too many connections", limit: limits.connections }));
        return ws.close(CLOSE_CODES.limitConnections, "limit_connections");
      }
      const state = { n: ++seq, authed: false, subs: new Map<string, FakeSub>() };
      conns.set(ws, state);
      const send = (f: unknown) => ws.send(JSON.stringify(f));
      ws.on("error", () => ws.terminate());
      ws.on("close", () => {
        for (const s of state.subs.values()) drop(s);
        conns.delete(ws);
      });
      ws.on("message", (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return send({ type: "error", code: "invalid_frame", message: "not JSON" });
        }
        const r = clientFrameSchema.safeParse(parsed);
        if (!r.success) return send({ type: "error", code: "invalid_frame", message: "bad frame" });
        const f = r.data;
        if (!state.authed) {
          if (f.type !== "auth" || f.key !== validKey) {
            send({ type: "error", code: "auth_failed", message: "bad key" });
            return ws.close(CLOSE_CODES.authFailed, "auth_failed");
          }
          state.authed = true;
          return send({ type: "authed", limits: limits ?? STREAM_LIMITS });
        }
        if (f.type === "ping") return send({ type: "pong", t: f.t });
        if (f.type === "unsubscribe") {
          const sub = state.subs.get(f.id);
          if (!sub) return send({ type: "error", id: f.id, code: "unknown_id", message: "unknown id" });
          state.subs.delete(f.id);
          drop(sub);
          log.push({ type: "unsubscribe", conn: state.n, id: f.id, key: sub.key });
          return send({ type: "unsubscribed", id: f.id });
        }
        if (f.type !== "subscribe") return;
        if (state.subs.has(f.id)) return send({ type: "error", id: f.id, code: "duplicate_id", message: "duplicate id" });
        const p = parseChannelParams(f.channel as Channel, f.params);
        if (!p.ok) return send({ type: "error", id: f.id, code: p.code, message: p.message });
        const channel = f.channel as Channel;
        if (limits && state.subs.size >= limits.subscriptionsPerConnection)
          return send({ type: "error", id: f.id, code: "limit_subscriptions", message: "too many", limit: limits.subscriptionsPerConnection });
        if (limits) {
          const t = tracked();
          for (const k of trackedKeys(channel, p.params)) t.add(k);
          if (t.size > limits.trackedTokens) return send({ type: "error", id: f.id, code: "limit_tracked", message: "too many tracked", limit: limits.trackedTokens });
        }
        const sub: FakeSub = { conn: state.n, id: f.id, channel, params: p.params, key: subscriptionKey(channel, p.params) };
        state.subs.set(f.id, sub);
        socketOf.set(sub, ws);
        if (!byKey.has(sub.key)) byKey.set(sub.key, new Set());
        byKey.get(sub.key)?.add(sub);
        log.push({ type: "subscribe", conn: state.n, id: f.id, key: sub.key });
        if (withhold?.(sub.key)) return;
        send({ type: "subscribed", id: f.id, channel, params: p.params });
        opts.onSubscribe?.(sub, (frame) => send(frame));
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;

  return {
    streamUrl: `ws://127.0.0.1:${port}`,
    key,
    log,
    connections: () => conns.size,
    subscriptions: () => [...conns.values()].flatMap((c) => [...c.subs.values()]),
    emit(subKey, event) {
      const subs = byKey.get(subKey);
      if (!subs) return 0;
      // Serialized once, like a real service; the benchmark's direct baseline depends on it being cheap.
      let body: Buffer | undefined;
      for (const sub of subs) {
        body ??= eventBody(sub.channel, event.kind, event.data, event.meta);
        heads.set(sub, heads.get(sub) ?? eventHead(sub.id));
        socketOf.get(sub)?.send(eventJson(heads.get(sub) as Buffer, body), { binary: false });
      }
      return subs.size;
    },
    broadcastRaw(text) {
      for (const ws of conns.keys()) ws.send(text);
    },
    killAll() {
      for (const ws of conns.keys()) ws.terminate();
    },
    refuse(on) {
      refusing = on;
    },
    withholdAcks(match) {
      withhold = match;
    },
    handshakes: () => handshakes,
    rotateKey(next) {
      validKey = next;
    },
    async close() {
      for (const ws of conns.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
