import { WebSocket as NodeWebSocket } from "ws";
import type { EventFrame, ServerFrame } from "@/lib/api";
import { expect, pageStreamFrames, test } from "./fixtures";

// The stream gateway at /api/stream, in front of the embedded market: a real browser socket, no key.

test("a page's WebSocket is greeted without a key, subscribes to pulse and receives a snapshot", async ({
  page,
  streamUrl,
  pageErrors,
}) => {
  await page.goto("/");
  const frames = await pageStreamFrames(
    page,
    streamUrl,
    { type: "subscribe", id: "e2e-pulse", channel: "pulse", params: { view: "new", chains: ["solana", "evm:8453"] } },
    { type: "event", kind: "snapshot" },
  );
  expect(frames[0]).toMatchObject({ type: "authed", limits: { subscriptionsPerConnection: 500, trackedTokens: 50 } });
  expect(frames.find((f) => f.type === "subscribed")).toMatchObject({ id: "e2e-pulse" });
  const snapshot = frames.at(-1) as EventFrame;
  expect(snapshot).toMatchObject({ type: "event", id: "e2e-pulse", kind: "snapshot" });
  expect(Array.isArray(snapshot.data) && snapshot.data.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});

test("a socket from a foreign origin is closed with origin_forbidden", async ({ streamUrl }) => {
  const ws = new NodeWebSocket(streamUrl, { origin: "https://evil.example.com" });
  const frames: ServerFrame[] = [];
  ws.on("message", (d) => frames.push(JSON.parse(String(d))));
  const code = await new Promise<number>((resolve) => ws.on("close", (c) => resolve(c)));
  expect(code).toBe(4003);
  expect(frames[0]).toMatchObject({ type: "error", code: "origin_forbidden" });
});

test("/api/usage reports the gateway's figures", async ({ request, streamUrl }) => {
  const ws = new NodeWebSocket(streamUrl);
  await new Promise((resolve) => ws.once("message", resolve));
  const body = await (await request.get("/api/usage")).json();
  ws.close();
  expect(body.sources.stream).toMatchObject({
    browserConnections: expect.any(Number),
    upstreamConnections: expect.any(Number),
    upstreamSubscriptions: expect.any(Number),
    trackedTokens: expect.any(Number),
    connectionMinutes: expect.any(Number),
    messagesIn: expect.any(Number),
    messagesOut: expect.any(Number),
    conflated: expect.any(Number),
    dropped: expect.any(Number),
  });
  expect(body.sources.stream.browserConnections).toBeGreaterThanOrEqual(1);
  expect(body.sources.stream.upstreamConnections).toBeLessThanOrEqual(5);
});
