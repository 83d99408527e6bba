import { expect, pageStreamFrames, test } from "./fixtures";

// The sockets are opened from a page of the site (its origin); an empty watchlist is one with no live updates of its own.
test("a browser WebSocket to /api/stream is greeted and answers a ping with its own token", async ({
  page,
  streamUrl,
}) => {
  await page.goto("/watchlist");
  const frames = await pageStreamFrames(page, streamUrl, { type: "ping", t: 4242 }, { type: "pong" });
  expect(frames[0]).toMatchObject({ type: "authed" });
  expect(frames.at(-1)).toEqual({ type: "pong", t: 4242 });
});

test("other WebSocket paths are refused", async ({ page, baseURL }) => {
  await page.goto("/watchlist");
  const url = new URL("/api/not-a-stream", baseURL);
  url.protocol = "ws:";
  const outcome = await page.evaluate(
    (target) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(target);
        ws.onopen = () => resolve("open");
        ws.onclose = () => resolve("closed");
      }),
    url.href,
  );
  expect(outcome).toBe("closed");
});
