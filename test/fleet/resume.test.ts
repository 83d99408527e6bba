import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type Fleet, keyOf, type Row, startFleet, until } from "./harness";

// A viewer whose connection drops comes back on another instance (as through a load balancer) and resumes its
// trades: the gateway replays what it missed from its window, after the last row the viewer was forwarded. It is
// never sent a row it already had, and misses none.

let fleet: Fleet;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  fleet = await startFleet({ instances: 2, speed: 10 });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await fleet?.stop();
});

/** A row in one of its states: a preconfirmed row and its confirmation are two deliveries. */
const stateOf = (r: Row) => `${keyOf(r)}:${r.preconfirmed}`;

/** A raw gateway client on one instance, subscribed to one token's trades; collects every trade row it is sent. */
async function viewer(url: string, params: object, resume: { sinceAt?: number; after?: object } = {}) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/stream`);
  sockets.push(ws);
  const rows: Row[] = [];
  /** Keys of preconfirmed rows the gateway said were reverted. */
  const reverted = new Set<string>();
  let acked = false;
  ws.on("message", (raw) => {
    const f = JSON.parse(String(raw)) as { type: string; kind?: string; data?: Row[] };
    if (f.type === "subscribed") acked = true;
    if (f.type === "event" && f.kind === "trades") rows.push(...(f.data ?? []));
    if (f.type === "event" && f.kind === "revert") for (const k of f.data ?? []) reverted.add(keyOf(k));
  });
  await new Promise((resolve) => ws.once("open", resolve));
  ws.send(JSON.stringify({ type: "subscribe", id: "t", channel: "trades", params, ...resume }));
  await until("the subscription's ack", () => acked, 15_000);
  return { ws, rows, reverted };
}

describe("resuming on another instance", () => {
  it("replays what the viewer missed after its last row: none it had, none missing", async () => {
    // The busiest token on an EVM chain. A resume by time alone (rows at or after the newest the viewer had) sends
    // that newest row again, and any other row of its time.
    const token = [...fleet.sim.core.index.tokens.values()]
      .filter((t) => t.chain.startsWith("evm:"))
      .sort((a, b) => b.txns - a.txns)[0];
    if (!token) throw new Error("no EVM token on the market");
    const params = { chain: token.chain, address: token.address };
    const [a, b] = fleet.instances;
    if (!a || !b) throw new Error("two instances");

    // Another viewer on B holds the token there throughout, so B's window has what the first viewer will miss.
    const other = await viewer(b.url, params);
    const first = await viewer(a.url, params);
    await until("rows to the first viewer", () => first.rows.length >= 6, 30_000);
    first.ws.terminate();
    const had = first.rows.slice();
    const last = had.at(-1) as Row;
    const otherAtDrop = other.rows.length;
    // The market trades on while the viewer is away.
    await until("trades while the viewer is away", () => other.rows.length >= otherAtDrop + 3, 30_000);

    const sinceAt = Math.max(...had.map((r) => r.at));
    const again = await viewer(b.url, params, {
      sinceAt,
      after: { txHash: last.txHash, block: last.block, logIndex: last.logIndex, preconfirmed: last.preconfirmed },
    });
    const otherAtResume = other.rows.length;
    await until("the replay and a live row after it", () => other.rows.length > otherAtResume && again.rows.length > 0, 30_000);
    await until("every row B forwarded since the resume", () => {
      const got = new Set(again.rows.map(stateOf));
      return other.rows.slice(otherAtResume).every((r) => got.has(stateOf(r)));
    }, 30_000);

    const hadStates = new Set(had.map(stateOf));
    const resent = again.rows.filter((r) => hadStates.has(stateOf(r)));
    expect(resent, "rows the viewer already had, sent again").toEqual([]);
    // Nothing lost: every row B forwarded after the one the viewer last had reached it, then or in the replay.
    const afterLast = other.rows.slice(other.rows.findIndex((r) => stateOf(r) === stateOf(last)) + 1);
    expect(other.rows.some((r) => stateOf(r) === stateOf(last)), "B forwarded the viewer's last row").toBe(true);
    const got = new Set([...had, ...again.rows].map(stateOf));
    // A preconfirmed row confirmed or reverted before the resume is replayed as it is now: its confirmation, or
    // nothing (the window keeps one state per row), so its preconfirmed state is not owed.
    const settled = (r: Row) => r.preconfirmed && (got.has(`${keyOf(r)}:false`) || other.reverted.has(keyOf(r)));
    expect(afterLast.filter((r) => !got.has(stateOf(r)) && !settled(r))).toEqual([]);
    expect(afterLast.length).toBeGreaterThanOrEqual(3);
    console.log(
      `resume: had ${had.length} rows, ${again.rows.length} after the resume (${again.rows.length - (other.rows.length - otherAtResume)} replayed), 0 sent again`,
    );
  });
});
