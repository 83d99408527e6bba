import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { defaultStreamUrl } from "../socket";
import { fakeBrowser } from "../testing/shared-fakes";
import { createBrowserStreamClient, WORKER_RECONNECTS } from "./connect";
import { WELCOME_TIMEOUT_MS } from "./hub-client";

// Who holds the socket, in order: a SharedWorker, else a tab elected by a Web Lock (BroadcastChannel), else the tab.

// The page's origin for the default URL (read when a socket connects, after a test's globals are gone).
Object.defineProperty(globalThis, "location", { value: { origin: "http://127.0.0.1:9" }, configurable: true });

class FakeSharedWorker {
  static made: { url: string; options: WorkerOptions }[] = [];
  readonly port = { onmessage: null, start() {}, postMessage() {}, close() {} };
  constructor(url: URL, options: WorkerOptions) {
    FakeSharedWorker.made.push({ url: String(url), options });
  }
  addEventListener() {}
}

function browserGlobals(opts: { sharedWorker: boolean; locks: boolean }) {
  vi.stubGlobal("window", { addEventListener() {} });
  vi.stubGlobal("SharedWorker", opts.sharedWorker ? FakeSharedWorker : undefined);
  const deps = fakeBrowser().depsFor("tab");
  vi.stubGlobal("navigator", opts.locks ? { locks: { ...deps.locks, query: async () => ({ held: [] }) } } : {});
  vi.stubGlobal(
    "BroadcastChannel",
    opts.locks
      ? class {
          onmessage = null;
          postMessage() {}
          close() {}
        }
      : undefined,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSharedWorker.made = [];
});

describe("createBrowserStreamClient", () => {
  it("uses a SharedWorker where there is one, built from the worker module", () => {
    browserGlobals({ sharedWorker: true, locks: true });
    const c = createBrowserStreamClient({ url: defaultStreamUrl });
    expect(c.mode).toBe("shared-worker");
    expect(FakeSharedWorker.made).toHaveLength(1);
    expect(FakeSharedWorker.made[0].url).toMatch(/shared-worker\.ts$/);
    expect(FakeSharedWorker.made[0].options).toMatchObject({ type: "module", name: "tradescope-stream" });
    c.close();
  });

  it("falls back to the Web Locks election without a SharedWorker", () => {
    browserGlobals({ sharedWorker: false, locks: true });
    const c = createBrowserStreamClient({ url: defaultStreamUrl });
    expect(c.mode).toBe("leader");
    c.close();
  });

  it("opens the tab's own socket where neither exists, or for a caller's own WebSocket or URL", () => {
    browserGlobals({ sharedWorker: false, locks: false });
    vi.stubGlobal("WebSocket", WebSocket);
    const neither = createBrowserStreamClient({ url: defaultStreamUrl });
    expect(neither.mode).toBe("own-socket");
    neither.close();
    browserGlobals({ sharedWorker: true, locks: true });
    const ownWs = createBrowserStreamClient({ url: defaultStreamUrl, WebSocket });
    const ownUrl = createBrowserStreamClient({ url: "ws://127.0.0.1:9/api/stream" });
    expect([ownWs.mode, ownUrl.mode]).toEqual(["own-socket", "own-socket"]);
    expect(FakeSharedWorker.made).toEqual([]);
    ownWs.close();
    ownUrl.close();
  });

  it("a worker that never answers gets new ports, then is given up for the Web Locks path", async () => {
    vi.useFakeTimers();
    try {
      browserGlobals({ sharedWorker: true, locks: true });
      vi.stubGlobal("WebSocket", WebSocket);
      const c = createBrowserStreamClient({ url: defaultStreamUrl });
      expect(c.mode).toBe("shared-worker");
      await vi.advanceTimersByTimeAsync(WELCOME_TIMEOUT_MS + 1_000);
      expect(FakeSharedWorker.made).toHaveLength(2);
      expect(c.mode).toBe("shared-worker");
      await vi.advanceTimersByTimeAsync(WORKER_RECONNECTS * (WELCOME_TIMEOUT_MS + 1_000));
      expect(FakeSharedWorker.made).toHaveLength(1 + WORKER_RECONNECTS);
      expect(c.mode).toBe("leader");
      c.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
