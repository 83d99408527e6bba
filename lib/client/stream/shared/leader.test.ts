import { afterEach, describe, expect, it } from "vitest";
import type { EventFrame } from "@/lib/api";
import { FULL_CODEC } from "../socket";
import { trade, tradesFrame } from "../testing/fixtures";
import { fakeBrowser, fakeUpstream, type FakeUpstream, tradesKey, tradesParams } from "../testing/shared-fakes";
import { waitFor } from "../testing/fake-gateway";
import { createStreamHub } from "./hub";
import { createHubClient, type HubClient } from "./hub-client";
import { type LeaderTransport, leaderTransport } from "./leader";
import { LEADER_LOCK } from "./protocol";

// The Web Locks + BroadcastChannel path with several tabs in one process: one tab's hub holds the gateway client,
// the others reach it; when that tab closes or crashes the next one takes over and every tab joins it again.

interface Tab {
  name: string;
  transport: LeaderTransport;
  client: HubClient;
  events: EventFrame[];
  acks: number;
  reconnects: number;
}

let browser: ReturnType<typeof fakeBrowser>;
const upstreams: { tab: string; up: FakeUpstream }[] = [];
const tabs: Tab[] = [];
const sinceAt = new Map<string, number>();

function openTab(name: string, keys: number[]): Tab {
  const transport = leaderTransport(name, browser.depsFor(name), (onTabGone) =>
    createStreamHub({
      createClient: (s) => {
        const up = fakeUpstream(s);
        upstreams.push({ tab: name, up });
        return up.client;
      },
      onTabGone,
      sweepMs: 3_600_000,
    }),
  );
  const client = createHubClient({
    tab: name,
    transport,
    codec: FULL_CODEC,
    sinceAt: (key) => sinceAt.get(`${name} ${key}`),
    beatMs: 3_600_000,
  });
  const tab: Tab = { name, transport, client, events: [], acks: 0, reconnects: 0 };
  for (const n of keys)
    client.subscribe("trades", tradesParams(n), {
      onEvent: (f) => tab.events.push(f),
      onAck: () => tab.acks++,
      onReconnect: () => tab.reconnects++,
    });
  tabs.push(tab);
  return tab;
}
const current = () => {
  const last = upstreams.at(-1);
  if (!last) throw new Error("no hub yet");
  return last;
};

const heldNow = () => upstreams.at(-1)?.up.keys().length ?? -1;

afterEach(() => {
  for (const t of tabs.splice(0)) t.client.close();
  upstreams.length = 0;
  sinceAt.clear();
});

describe("leader election over Web Locks and BroadcastChannel", () => {
  it("one tab holds the socket for all; events reach exactly the tabs that hold the key", async () => {
    browser = fakeBrowser();
    const a = openTab("a", [1]);
    const b = openTab("b", [1, 2]);
    const c = openTab("c", [3]);
    await waitFor(() => heldNow() === 3, 2_000, "all keys at the leader's socket");
    expect(upstreams.map((u) => u.tab)).toEqual(["a"]);
    expect(browser.holder(LEADER_LOCK)).toBe("a");
    expect(a.transport.isLeader() && !b.transport.isLeader() && !c.transport.isLeader()).toBe(true);

    const rows = [trade({ txHash: "0xaa", block: 1, logIndex: 0, at: 10 })];
    current().up.handlers(tradesKey(1)).onEvent(tradesFrame("s1", rows, 11) as EventFrame);
    await waitFor(() => a.events.length === 1 && b.events.length === 1, 2_000, "events on key 1");
    expect(c.events).toEqual([]);
    expect(b.events[0]).toMatchObject({ channel: "trades", data: [{ txHash: "0xaa" }] });
  });

  it("a tab whose event fails the full check drops it (counted), the others are untouched", async () => {
    browser = fakeBrowser();
    const a = openTab("a", [1]);
    await waitFor(() => heldNow() === 1, 2_000, "subscribed");
    current().up.handlers(tradesKey(1)).onEvent({ type: "event", id: "s1", channel: "trades" } as unknown as EventFrame);
    await waitFor(() => a.client.stats().invalidFrames === 1, 2_000, "counted as invalid");
    expect(a.events).toEqual([]);
  });

  for (const how of ["closes", "crashes"] as const) {
    it(`when the leader tab ${how}, the next tab takes over, every tab joins it with its resume point and repairs`, async () => {
      browser = fakeBrowser();
      const a = openTab("a", [1]);
      const b = openTab("b", [1, 2]);
      const c = openTab("c", [2]);
      await waitFor(() => heldNow() === 2, 2_000, "keys at a's socket");
      current().up.handlers(tradesKey(1)).onAck?.();
      current().up.handlers(tradesKey(2)).onAck?.();
      await waitFor(() => b.acks === 2 && c.acks === 1, 2_000, "first acks");
      sinceAt.set(`b ${tradesKey(1)}`, 700);
      sinceAt.set(`c ${tradesKey(2)}`, 400);
      sinceAt.set(`b ${tradesKey(2)}`, 900);

      if (how === "closes") a.client.close();
      else browser.crash("a");
      tabs.splice(tabs.indexOf(a), 1);
      if (how === "crashes") a.client.close(); // only stops its timers: its channels are already silent

      await waitFor(() => upstreams.length === 2 && heldNow() === 2, 2_000, "a new hub");
      expect(current().tab).toBe("b");
      expect(browser.holder(LEADER_LOCK)).toBe("b");
      expect(current().up.keys()).toEqual([tradesKey(1), tradesKey(2)].sort());
      await waitFor(() => current().up.sinceAt(tradesKey(2)) === 400, 2_000, "c's resume point arrives");
      expect(current().up.sinceAt(tradesKey(1))).toBe(700);

      current().up.handlers(tradesKey(1)).onAck?.();
      current().up.handlers(tradesKey(2)).onAck?.();
      await waitFor(() => b.reconnects === 2 && c.reconnects === 1, 2_000, "repairs after the takeover");
      const rows = [trade({ txHash: "0xbb", block: 2, logIndex: 0, at: 20 })];
      current().up.handlers(tradesKey(2)).onEvent(tradesFrame("s2", rows, 21) as EventFrame);
      await waitFor(() => b.events.length === 1 && c.events.length === 1, 2_000, "events after the takeover");
      expect(a.events).toEqual([]);
    });
  }

  it("a tab closing leaves the hub's subscriptions to the tabs still there", async () => {
    browser = fakeBrowser();
    openTab("a", [1]);
    const b = openTab("b", [2, 3]);
    await waitFor(() => heldNow() === 3, 2_000, "subscribed");
    b.client.close();
    tabs.splice(tabs.indexOf(b), 1);
    await waitFor(() => heldNow() === 1, 2_000, "b's keys released");
    expect(current().up.keys()).toEqual([tradesKey(1)]);
  });

  it("a leader put in the back/forward cache hands the socket over; shown again, it rejoins and repairs", async () => {
    browser = fakeBrowser();
    const a = openTab("a", [1]);
    openTab("b", [2]);
    await waitFor(() => heldNow() === 2, 2_000, "keys at a's socket");
    current().up.handlers(tradesKey(1)).onAck?.();
    await waitFor(() => a.acks === 1, 2_000, "a's first ack");

    // pagehide: what connect.ts does
    a.client.bye();
    a.transport.suspend();
    await waitFor(() => upstreams.length === 2 && heldNow() === 1, 2_000, "b's hub holds b's key alone");
    expect(current().tab).toBe("b");
    expect(browser.holder(LEADER_LOCK)).toBe("b");
    expect(a.transport.isLeader()).toBe(false);

    // pageshow (persisted): a joins b's hub again, from its resume point, and repairs once acknowledged
    sinceAt.set(`a ${tradesKey(1)}`, 500);
    a.transport.resume();
    a.client.rejoin();
    await waitFor(() => heldNow() === 2, 2_000, "a's key back at b's socket");
    expect(current().up.sinceAt(tradesKey(1))).toBe(500);
    current().up.handlers(tradesKey(1)).onAck?.();
    await waitFor(() => a.reconnects === 1, 2_000, "a repairs after the restore");
    const rows = [trade({ txHash: "0xcc", block: 3, logIndex: 0, at: 30 })];
    current().up.handlers(tradesKey(1)).onEvent(tradesFrame("s3", rows, 31) as EventFrame);
    await waitFor(() => a.events.length === 1, 2_000, "live again");
    expect(browser.holder(LEADER_LOCK)).toBe("b");
  });

  it("a lone leader shown again from the back/forward cache takes the lock and the socket back", async () => {
    browser = fakeBrowser();
    const a = openTab("a", [1]);
    await waitFor(() => heldNow() === 1, 2_000, "subscribed");
    a.client.bye();
    a.transport.suspend();
    await waitFor(() => browser.holder(LEADER_LOCK) === undefined, 2_000, "lock released");
    a.transport.resume();
    a.client.rejoin();
    await waitFor(() => upstreams.length === 2 && heldNow() === 1, 2_000, "a new hub in a");
    expect(current().tab).toBe("a");
    expect(a.transport.isLeader()).toBe(true);
  });
});
