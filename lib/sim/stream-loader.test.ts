import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createClock } from "./engine/clock";
import { type SimService, startSimService } from "./service";
import { loadStreamServer, type StreamDeps } from "./stream-loader";

// docs/stream.md: an upgrade on another path is answered 404; a stream server that fails to load is logged.

let sim: SimService;
beforeAll(async () => {
  const clock = createClock({ virtual: true, start: Date.UTC(2026, 5, 1, 12) });
  sim = await startSimService({ key: "k-stream-loader", seed: 3, clock, warmupMs: 0 });
}, 60_000);
afterAll(() => sim?.close());

/** Sends a WebSocket upgrade request and resolves with the HTTP status the server answered (or the error). */
function upgradeStatus(path: string): Promise<number | string> {
  const url = new URL(path, sim.baseUrl);
  return new Promise((resolve) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (e) => resolve(e.message));
    req.end();
  });
}

describe("stream upgrades", () => {
  it("answers an upgrade on another path with an HTTP 404, and upgrades /v1/stream", async () => {
    expect(await upgradeStatus("/v1/other")).toBe(404);
    expect(await upgradeStatus("/v1/stream/x")).toBe(404);
    expect(await upgradeStatus("/v1/stream")).toBe(101);
  });

  it("logs a stream server that fails to load instead of swallowing it", async () => {
    const log = vi.fn();
    const deps = { clock: createClock({ virtual: true, start: 0 }) } as unknown as StreamDeps;
    const boom = new Error("SyntaxError in stream/server");
    const out = await loadStreamServer(deps, log, () => Promise.reject(boom));
    expect(out).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("/v1/stream is not served"), boom);
  });
});
