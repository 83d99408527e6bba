import { expect, test } from "./fixtures";

test("a browser WebSocket to /api/stream connects and gets frames back", async ({ page, streamUrl }) => {
  await page.goto("/");
  const frames = await page.evaluate(
    (url) =>
      new Promise<unknown[]>((resolve, reject) => {
        const received: unknown[] = [];
        const ws = new WebSocket(url);
        const timer = setTimeout(() => reject(new Error("no frames within 5 s")), 5_000);
        ws.onopen = () => ws.send(JSON.stringify({ type: "ping" }));
        ws.onerror = () => reject(new Error("websocket error"));
        ws.onmessage = (event) => {
          received.push(JSON.parse(String(event.data)));
          if (received.length === 2) {
            clearTimeout(timer);
            ws.close();
            resolve(received);
          }
        };
      }),
    streamUrl,
  );
  expect(frames[0]).toMatchObject({ type: "hello" });
  expect(frames).toHaveLength(2);
});

test("other WebSocket paths are refused", async ({ page, baseURL }) => {
  await page.goto("/");
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
