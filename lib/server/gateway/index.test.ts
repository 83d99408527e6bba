import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createStreamGateway, type StreamGateway } from "./index";

let server: Server | undefined;
let gateway: StreamGateway | undefined;

afterEach(async () => {
  await gateway?.close();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
  gateway = undefined;
});

async function start(allowedOrigins?: string[]): Promise<string> {
  gateway = createStreamGateway({ upstream: { streamUrl: "ws://127.0.0.1:1", key: "k" }, allowedOrigins });
  const current = gateway;
  server = createServer((_req, res) => res.end());
  server.on("upgrade", (req, socket, head) => current.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/stream`;
}

function frames(ws: WebSocket, count: number): Promise<unknown[]> {
  const received: unknown[] = [];
  return new Promise((resolve, reject) => {
    ws.on("message", (data) => {
      received.push(JSON.parse(String(data)));
      if (received.length === count) resolve(received);
    });
    ws.on("error", reject);
  });
}

describe("stream gateway (placeholder)", () => {
  it("greets and echoes frames", async () => {
    const ws = new WebSocket(await start());
    const received = frames(ws, 2);
    ws.on("open", () => ws.send(JSON.stringify({ type: "ping" })));
    expect(await received).toEqual([{ type: "hello" }, { type: "echo", data: { type: "ping" } }]);
    ws.close();
  });

  it("rejects a foreign browser origin", async () => {
    const ws = new WebSocket(await start(["https://ok.example.com"]), { origin: "https://evil.example.com" });
    const status = await new Promise((resolve) => ws.on("unexpected-response", (_req, res) => resolve(res.statusCode)));
    expect(status).toBe(403);
  });

  it("accepts an allowed origin", async () => {
    const ws = new WebSocket(await start(["https://ok.example.com"]), { origin: "https://ok.example.com" });
    expect(await frames(ws, 1)).toEqual([{ type: "hello" }]);
    ws.close();
  });

  it("closes connected clients on close()", async () => {
    const ws = new WebSocket(await start());
    await frames(ws, 1);
    const closed = new Promise((resolve) => ws.on("close", (code) => resolve(code)));
    await gateway?.close();
    gateway = undefined;
    expect(await closed).toBe(1001);
  });
});
