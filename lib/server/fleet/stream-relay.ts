import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Redis } from "ioredis";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import { type Channel, type ChannelParams, STREAM_PATH, subscriptionKey } from "@/lib/api/stream";
import type { Logger } from "../ops/logger";
import { MODES_KEY } from "./fleet-liveness";
import type { RedisLink } from "./redis-link";
import { type EndReason, EVENTS_PREFIX, HELD_KEY } from "./stream-leader";

// The gateway's upstream in fleet mode: the leader's events from Redis Streams, acknowledged once held (docs/fleet.md).

export interface StreamRelay {
  target(): { streamUrl: string; key: string };
  mode(): "fleet" | "direct";
  close(): Promise<void>;
}

interface Sub {
  ws: WebSocket;
  id: string;
  acked: boolean;
}

interface Entry {
  subs: Set<Sub>;
  /** Read offset (the stream's last entry when this instance first asked); events after it are delivered. */
  from: string | undefined;
  /** Offset taken and `held` checked. */
  ready: boolean;
  starting: boolean;
  /** Held by the leader upstream: subscriptions are acknowledged. */
  live: boolean;
}

const READ_BLOCK_MS = 200;
const RESTART = 1012;

export async function startStreamRelay(o: {
  link: RedisLink;
  market: () => { streamUrl: string; key: string };
  logger: Pick<Logger, "info" | "warn">;
}): Promise<StreamRelay> {
  const key = randomBytes(16).toString("hex");
  const inst = o.link.instanceId;
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, path: STREAM_PATH, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const byResource = new Map<string, Entry>();
  const byConn = new Map<WebSocket, Map<string, string>>(); // ws → id → resource
  let epochSeen = 0;
  let closed = false;
  let reader: Redis | undefined;

  // The read loop's waits end early when there is something new to read: a nap is cut short, and a blocking XREAD
  // over the old set of streams is released (CLIENT UNBLOCK) so the next one includes a resource that just got its
  // offset. Otherwise the first events of a new subscription waited out the block (up to READ_BLOCK_MS).
  let endNap: (() => void) | undefined;
  let readerId: number | undefined;
  let blocked = false;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        endNap = undefined;
        resolve();
      };
      const t = setTimeout(done, ms);
      endNap = done;
    });
  function wake() {
    endNap?.();
    if (blocked && readerId !== undefined) o.link.client()?.client("UNBLOCK", readerId).catch(() => {});
  }

  const send = (ws: WebSocket, frame: unknown) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  function restartAll(reason: string) {
    for (const client of wss.clients) client.close(RESTART, reason);
  }

  function ack(s: Sub) {
    if (s.acked) return;
    s.acked = true;
    send(s.ws, { type: "subscribed", id: s.id });
  }

  function goLive(entry: Entry) {
    entry.live = true;
    for (const s of entry.subs) ack(s);
  }

  /** The leader stopped holding a resource the gateway was receiving: its connections reconnect and repair. */
  function lost(entry: Entry) {
    entry.live = false;
    const conns = new Set([...entry.subs].filter((s) => s.acked).map((s) => s.ws));
    for (const ws of conns) ws.close(RESTART, "upstream subscription lost");
  }

  /** Read offset first, then `held`: a `sub` marker the leader appends later is after the offset. */
  async function start(resource: string, entry: Entry) {
    const r = o.link.client();
    if (!r || entry.starting || entry.ready) return;
    entry.starting = true;
    try {
      if (entry.from === undefined) {
        const last = (await r.xrevrange(`${EVENTS_PREFIX}${resource}`, "+", "-", "COUNT", 1)) as Array<
          [string, string[]]
        >;
        entry.from = last[0]?.[0] ?? "0-0";
        wake();
      }
      const heldBy = await r.hget(HELD_KEY, resource);
      entry.ready = true;
      if (byResource.get(resource) !== entry) return;
      if (heldBy !== null) {
        if (epochSeen === 0) epochSeen = Number(heldBy);
        goLive(entry);
      }
    } catch (error) {
      o.link.failed(error);
    } finally {
      entry.starting = false;
    }
  }

  function drop(ws: WebSocket, id: string) {
    const ids = byConn.get(ws);
    const resource = ids?.get(id);
    if (!ids || !resource) return;
    ids.delete(id);
    const entry = byResource.get(resource);
    if (!entry) return;
    for (const s of entry.subs) if (s.ws === ws && s.id === id) entry.subs.delete(s);
    if (entry.subs.size === 0) byResource.delete(resource);
  }

  function fleetConnection(ws: WebSocket) {
    byConn.set(ws, new Map());
    ws.on("message", (raw: RawData) => {
      let f: { type?: string; id?: string; key?: string; channel?: Channel; params?: ChannelParams[Channel] };
      try {
        f = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (f.type === "auth") return f.key === key ? send(ws, { type: "authed" }) : ws.close(4001, "auth_failed");
      if (f.type === "unsubscribe" && f.id) {
        drop(ws, f.id);
        return send(ws, { type: "unsubscribed", id: f.id });
      }
      if (f.type !== "subscribe" || !f.id || !f.channel || !f.params) return;
      const resource = subscriptionKey(f.channel, f.params);
      byConn.get(ws)?.set(f.id, resource);
      let entry = byResource.get(resource);
      if (!entry) {
        entry = { subs: new Set(), from: undefined, ready: false, starting: false, live: false };
        byResource.set(resource, entry);
        void start(resource, entry);
      }
      const sub: Sub = { ws, id: f.id, acked: false };
      entry.subs.add(sub);
      if (entry.live) ack(sub);
    });
    ws.on("close", () => {
      for (const id of [...(byConn.get(ws)?.keys() ?? [])]) drop(ws, id);
      byConn.delete(ws);
    });
  }

  function directConnection(ws: WebSocket) {
    const market = o.market();
    const up = new WebSocket(`${market.streamUrl}${STREAM_PATH}`, { perMessageDeflate: false });
    const queue: string[] = [];
    up.on("open", () => {
      for (const q of queue.splice(0)) up.send(q);
    });
    up.on("message", (raw: RawData) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(raw.toString());
    });
    const end = () => {
      up.removeAllListeners();
      up.on("error", () => {});
      up.terminate();
      if (ws.readyState === WebSocket.OPEN) ws.close(RESTART, "market closed");
    };
    up.on("close", end);
    up.on("error", end);
    ws.on("message", (raw: RawData) => {
      let text = raw.toString();
      try {
        const f = JSON.parse(text) as { type?: string };
        if (f.type === "auth") text = JSON.stringify({ type: "auth", key: market.key });
      } catch {
        return;
      }
      if (up.readyState === WebSocket.OPEN) up.send(text);
      else queue.push(text);
    });
    ws.on("close", end);
  }

  wss.on("connection", (ws) => {
    ws.on("error", () => {});
    if (o.link.state() === "up") fleetConnection(ws);
    else directConnection(ws);
  });

  const off = o.link.onStateChange(() => {
    // A Redis that comes back empty counts leader epochs from 1 again: learn the epoch afresh, or every event of the
    // new leader would look older than the last one seen and be skipped.
    epochSeen = 0;
    restartAll("fleet mode changed");
  });

  function deliver(resource: string, kind: string, payload: string) {
    const entry = byResource.get(resource);
    if (!entry) return;
    const body = JSON.parse(payload) as Record<string, unknown>;
    for (const s of entry.subs) {
      // Events only after the acknowledgement (as upstream); a refusal also to a subscription still waiting for it.
      if (kind === "event" && s.acked) send(s.ws, { ...body, type: "event", id: s.id });
      else if (kind === "error") send(s.ws, { ...body, type: "error", id: s.id });
    }
  }

  /**
   * Subscriptions waiting for a resource the fleet's decision polls are refused as the upstream refuses one past its
   * budget (`limit_subscriptions`): the gateway polls the resource from then on instead of waiting.
   */
  async function refusePolled(r: Redis) {
    const waiting = [...byResource].filter(([, e]) => e.ready && !e.live && [...e.subs].some((s) => !s.acked));
    if (waiting.length === 0) return;
    try {
      const modes = (await r.hmget(MODES_KEY, ...waiting.map(([k]) => k))) as Array<string | null>;
      waiting.forEach(([resource, entry], i) => {
        if (modes[i] !== "poll" || entry.live || byResource.get(resource) !== entry) return;
        for (const s of [...entry.subs]) {
          if (s.acked) continue;
          send(s.ws, {
            type: "error",
            id: s.id,
            code: "limit_subscriptions",
            message: "the fleet polls this resource",
          });
          entry.subs.delete(s);
          byConn.get(s.ws)?.delete(s.id);
        }
        if (entry.subs.size === 0) byResource.delete(resource);
      });
    } catch (error) {
      o.link.failed(error);
    }
  }

  async function readLoop() {
    while (!closed) {
      const r = o.link.client();
      if (!r || byResource.size === 0) {
        await nap(READ_BLOCK_MS);
        continue;
      }
      if (!reader) {
        reader = r.duplicate();
        // The same outage the link's own client reports (one warning per outage, redis-link.ts); without a listener
        // ioredis prints "[ioredis] Unhandled error event" for every reconnect attempt of this connection.
        reader.on("error", () => {});
      }
      for (const [res, entry] of byResource) if (!entry.ready) void start(res, entry);
      await refusePolled(r);
      const resources = [...byResource].filter(([, v]) => v.from !== undefined).map(([k]) => k);
      if (resources.length === 0) {
        await nap(READ_BLOCK_MS);
        continue;
      }
      try {
        readerId ??= Number(await reader.client("ID"));
        const ids = resources.map((res) => byResource.get(res)?.from ?? "0-0");
        blocked = true;
        const got = (await reader.xread(
          "COUNT",
          500,
          "BLOCK",
          READ_BLOCK_MS,
          "STREAMS",
          ...resources.map((res) => `${EVENTS_PREFIX}${res}`),
          ...ids,
        )) as Array<[string, Array<[string, string[]]>]> | null;
        blocked = false;
        for (const [stream, entries] of got ?? []) {
          const resource = stream.slice(EVENTS_PREFIX.length);
          for (const [id, fields] of entries) {
            const entry = byResource.get(resource);
            if (entry) entry.from = id;
            const f: Record<string, string> = {};
            for (let i = 0; i < fields.length; i += 2) f[fields[i]] = fields[i + 1];
            const e = Number(f.e);
            if (e < epochSeen) continue; // a deposed leader's (cannot happen: appends are fenced)
            if (e > epochSeen) {
              const first = epochSeen === 0;
              epochSeen = e;
              if (!first) {
                // A new leader: events between the old one's last and this one's first were not seen. Reconnect
                // the gateway so browsers repair the gap from REST.
                o.logger.info({ instance: inst, epoch: e }, "stream relay: new leader; browsers resync");
                restartAll("new stream leader");
                break;
              }
            }
            if (!entry) continue;
            if (f.t === "sub") {
              // Acknowledged subscriptions on a resource that was not live missed events (a gap): reconnect them.
              if (!entry.live && [...entry.subs].some((x) => x.acked)) lost(entry);
              goLive(entry);
            } else if (f.t === "end") {
              const reason = (JSON.parse(f.f) as { reason?: EndReason }).reason;
              if (reason === "dropped") entry.live = false;
              else if (entry.live) lost(entry);
            } else deliver(resource, f.t, f.f);
          }
        }
      } catch (error) {
        blocked = false;
        readerId = undefined; // a reconnected reader has another client id
        o.link.failed(error);
        await nap(READ_BLOCK_MS);
      }
    }
  }
  void readLoop();

  return {
    target: () => ({ streamUrl: url, key }),
    mode: () => (o.link.state() === "up" ? "fleet" : "direct"),
    async close() {
      closed = true;
      endNap?.();
      off();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      reader?.disconnect();
    },
  };
}
