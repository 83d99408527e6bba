import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { EventFrame } from "@/lib/api";
import { manualOnline } from "../online";
import { FULL_CODEC } from "../socket";
import { createSocketClient } from "../socket-core";
import type { ConnectionInfo, Liveness, StreamSubscriptionError } from "../socket-types";
import { type FakeGateway, startFakeGateway, waitFor } from "../testing/fake-gateway";
import { trade, tradesFrame } from "../testing/fixtures";
import { tradesKey, tradesParams } from "../testing/shared-fakes";
import { createStreamHub, type StreamHub } from "./hub";
import { createHubClient, type HubClient, type HubTransport } from "./hub-client";
import { createLightCodec } from "./light-codec";
import type { HubToTab } from "./protocol";

// Tabs' clients through a hub that runs the real socket code (socket-core.ts with the worker's light codec) against a
// gateway on loopback: one connection, the gateway's own frames relayed, late joiners served from the hub's cache.

let gw: FakeGateway;
let hub: StreamHub;
const clients: HubClient[] = [];

/** A tab's port to the hub, delivering asynchronously both ways as a MessagePort does. */
function port(): HubTransport {
  let listener: ((m: HubToTab) => void) | null = null;
  const reply = (m: HubToTab) => setTimeout(() => listener?.(structuredClone(m)), 0);
  return {
    send: (m) => setTimeout(() => hub.receive(structuredClone(m), reply), 0),
    onMessage(l) {
      listener = l;
    },
    close() {
      listener = null;
    },
  };
}

function tab(name: string, sinceAt?: (key: string) => number | undefined): HubClient {
  const c = createHubClient({ tab: name, transport: port(), codec: FULL_CODEC, sinceAt, beatMs: 20 });
  clients.push(c);
  return c;
}

beforeEach(async () => {
  gw = await startFakeGateway();
  const codec = createLightCodec();
  hub = createStreamHub({
    createClient: (sinceAt) =>
      createSocketClient({ url: gw.url, WebSocket, online: manualOnline(true), minDelayMs: 5, sinceAt }, codec),
    rawOf: codec.rawOf,
    sweepMs: 3_600_000,
  });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  hub.close();
  await gw.close();
});
const subs = () => gw.received.filter((f) => f.type === "subscribe");

describe("tabs through the hub", () => {
  it("many tabs, one gateway connection; identical subscriptions are one at the gateway", async () => {
    const tabs = Array.from({ length: 8 }, (_, i) => tab(`t${i}`));
    const events: EventFrame[][] = tabs.map(() => []);
    tabs.forEach((c, i) => {
      c.subscribe("trades", tradesParams(i % 3), { onEvent: (f) => events[i].push(f) });
    });
    await waitFor(() => subs().length === 3, 3_000, "three distinct subscriptions");
    await waitFor(() => tabs.every((c) => c.connection().status === "live"), 3_000, "every tab live");
    expect(gw.connections()).toBe(1);
    const id = subs().find((f) => (f.params as { address: string }).address === tradesParams(1).address)?.id;
    gw.broadcast(tradesFrame(String(id), [trade({ txHash: "0x0a", block: 1, logIndex: 0, at: 5 })], 6));
    await waitFor(() => events[1].length === 1 && events[4].length === 1 && events[7].length === 1, 3_000, "fan out");
    expect(events.map((e) => e.length)).toEqual([0, 1, 0, 0, 1, 0, 0, 1]);
    expect(events[4][0]).toMatchObject({ channel: "trades", data: [{ txHash: "0x0a" }] });
  });

  it("a tab joining a held key gets its ack and current mode at once; errors pass through with their limit", async () => {
    const a = tab("a");
    a.subscribe("trades", tradesParams(1), { onEvent: () => {} });
    await waitFor(() => subs().length === 1 && a.subscriptions().get(tradesKey(1))?.state === "active", 3_000, "ack");
    gw.broadcast({ type: "mode", ids: [subs()[0].id], mode: "poll", delayMs: 4000 });
    await new Promise<void>((r) => {
      a.subscribe("trades", tradesParams(1), { onEvent: () => {}, onMode: () => r() });
    });
    const modes: Liveness[] = [];
    let acked = false;
    tab("b").subscribe("trades", tradesParams(1), {
      onEvent: () => {},
      onAck: () => (acked = true),
      onMode: (l) => modes.push(l),
    });
    await waitFor(() => acked && modes.length === 1, 3_000, "replayed ack and mode");
    expect(modes).toEqual([{ mode: "poll", delayMs: 4000 }]);
    expect(subs()).toHaveLength(1);

    const errors: StreamSubscriptionError[] = [];
    a.subscribe("trades", tradesParams(2), { onEvent: () => {}, onError: (e) => errors.push(e) });
    await waitFor(() => subs().length === 2, 3_000, "second key");
    gw.broadcast({ type: "error", id: subs()[1].id, code: "limit_tracked", message: "full", limit: 50 });
    await waitFor(() => errors.length === 1, 3_000, "error relayed");
    expect(errors[0]).toEqual({ code: "limit_tracked", message: "full", limit: 50 });
  });

  it("after the gateway drops the socket, every tab hears reconnecting, then live, and repairs; sinceAt is the oldest", async () => {
    const a = tab("a", () => 1_000);
    const b = tab("b", () => 800);
    const repaired: string[] = [];
    const states: ConnectionInfo["status"][] = [];
    b.onConnection((c) => states.push(c.status));
    a.subscribe("trades", tradesParams(1), { onEvent: () => {}, onReconnect: () => repaired.push("a") });
    b.subscribe("trades", tradesParams(1), { onEvent: () => {}, onReconnect: () => repaired.push("b") });
    await waitFor(() => subs().length === 1 && b.connection().status === "live", 3_000, "live");
    gw.dropAll();
    await waitFor(() => subs().length === 2, 3_000, "resubscribed");
    expect(subs()[1]).toMatchObject({ sinceAt: 800 });
    await waitFor(() => repaired.length === 2, 3_000, "both tabs repair");
    await waitFor(() => b.connection().status === "live", 3_000, "live again");
    expect(states).toContain("reconnecting");
    expect(gw.connections()).toBe(1);
  });

  it("the last tab leaving a key unsubscribes it at the gateway", async () => {
    const a = tab("a");
    const b = tab("b");
    const offA = a.subscribe("trades", tradesParams(1), { onEvent: () => {} });
    b.subscribe("trades", tradesParams(1), { onEvent: () => {} });
    await waitFor(() => subs().length === 1, 3_000, "subscribed");
    offA();
    b.close();
    clients.splice(clients.indexOf(b), 1);
    await waitFor(() => gw.received.some((f) => f.type === "unsubscribe"), 3_000, "unsubscribed");
    expect(hub.keys()).toEqual([]);
  });
});

describe("a hello the hub never answers", () => {
  it("is sent again on a new port after the wait, and the tab joins then; a welcomed tab sends no more", async () => {
    // The first port is mute (its messages never reach the hub); the port made on `reconnect` works.
    let reconnects = 0;
    let listener: ((m: HubToTab) => void) | null = null;
    const reply = (m: HubToTab) => setTimeout(() => listener?.(structuredClone(m)), 0);
    const hellos: number[] = [];
    const transport: HubTransport = {
      send: (m) => {
        if (m.t === "hello") hellos.push(reconnects);
        if (reconnects > 0) setTimeout(() => hub.receive(structuredClone(m), reply), 0);
      },
      onMessage(l) {
        listener = l;
      },
      close() {
        listener = null;
      },
      reconnect: () => reconnects++,
    };
    const c = createHubClient({ tab: "mute", transport, codec: FULL_CODEC, beatMs: 10, welcomeTimeoutMs: 60 });
    clients.push(c);
    const events: EventFrame[] = [];
    c.subscribe("trades", tradesParams(1), { onEvent: (f) => events.push(f) });
    await new Promise((r) => setTimeout(r, 30));
    expect(c.connection().status).toBe("connecting");
    await waitFor(() => c.connection().status === "live", 3_000, "live after the new port");
    expect(reconnects).toBe(1);
    // The hello on the new port carries the subscription made before it: the hub holds it at the gateway.
    await waitFor(() => subs().length === 1 && c.subscriptions().get(tradesKey(1))?.state === "active", 3_000, "ack");
    gw.broadcast(tradesFrame(String(subs()[0].id), [trade({ txHash: "0x0b", block: 1, logIndex: 0, at: 5 })], 6));
    await waitFor(() => events.length === 1, 3_000, "event through the new port");
    const sent = hellos.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(hellos.length).toBe(sent);
    expect(reconnects).toBe(1);
  });
});
