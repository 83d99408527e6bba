import WebSocket from "ws";
import type { System } from "./harness";

// Small helpers shared by the system checks.

export interface Notable {
  // biome-ignore lint/suspicious/noExplicitAny: the market's control summary (docs/sim.md)
  [name: string]: any;
}

export async function notable(sys: System): Promise<Notable> {
  return (await sys.sim<{ data: { notable: Notable } }>("GET", "/__control/state")).data.notable;
}

/** REST requests the app sent the market with its key since start, refused ones included (GET /__control/usage). */
export async function upstreamReceived(sys: System): Promise<{ total: number; byRoute: Record<string, number> }> {
  const report = await sys.sim<{ data?: Record<string, unknown> } & Record<string, unknown>>("GET", "/__control/usage");
  const byKey = (report.data ?? report) as Record<
    string,
    { received?: Record<string, number>; receivedTotal?: number }
  >;
  const mine = byKey[`${sys.key.slice(0, 4)}…${sys.key.length}`];
  return { total: mine?.receivedTotal ?? 0, byRoute: mine?.received ?? {} };
}

export const streamUrl = (sys: System) => `${sys.appUrl.replace(/^http/, "ws")}/api/stream`;

/** A stream client that records every frame it gets, as text. */
export function openStream(sys: System, headers: Record<string, string> = {}) {
  const ws = new WebSocket(streamUrl(sys), { headers });
  const frames: string[] = [];
  ws.on("message", (data) => frames.push(String(data)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    frames,
    opened,
    send: (frame: unknown) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    close: () => ws.close(),
  };
}

export { percentile } from "../../bench/lib/percentile";

/** Runs `task` over `items` with at most `concurrency` at once. */
export async function pool<T>(items: T[], concurrency: number, task: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
