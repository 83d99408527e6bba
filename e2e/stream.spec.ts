import { expect, test } from "./fixtures";

test("a browser WebSocket to /api/stream is greeted and answers a ping with its own token", async ({
  page,
  streamUrl,
}) => {
  await page.goto("/");
  const frames = await page.evaluate(
    (url) =>
      new Promise<unknown[]>((resolve, reject) => {
        const received: { type?: string }[] = [];
        const ws = new WebSocket(url);
        const timer = setTimeout(() => reject(new Error(`no pong within 10 s: ${JSON.stringify(received)}`)), 10_000);
        ws.onerror = () => reject(new Error("websocket error"));
        ws.onmessage = (event) => {
          const f = JSON.parse(String(event.data)) as { type?: string };
          received.push(f);
          if (f.type === "authed") ws.send(JSON.stringify({ type: "ping", t: 4242 }));
          if (f.type === "pong") {
            clearTimeout(timer);
            ws.close();
            resolve(received);
          }
        };
      }),
    streamUrl,
  );
  expect(frames[0]).toMatchObject({ type: "authed" });
  expect(frames.at(-1)).toEqual({ type: "pong", t: 4242 });
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
