import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REPLAY_WAIT_MS, replaceSearch } from "./replace-search";

/** A window whose history starts as the browser's own (native) and gets the router's wrapper on `listen()`. */
function fakeWindow(path: string) {
  const location = new URL(`http://app.test${path}`);
  const routerSaw: string[] = [];
  const write = (_d: unknown, _u: string, url?: string | URL | null) => {
    if (url != null) location.href = new URL(String(url), location.href).href;
  };
  // A bound function prints as `[native code]`, as the browser's own history.replaceState does.
  const history = { replaceState: write.bind(null) as History["replaceState"] };
  const win = {
    location,
    history,
    listen() {
      history.replaceState = function replaceState(d: unknown, u: string, url?: string | URL | null) {
        if (url != null) routerSaw.push(new URL(String(url), location.href).href);
        write(d, u, url);
      };
    },
  };
  return { win, routerSaw };
}

describe("replaceSearch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tells the router at once when its wrapper is installed", () => {
    const { win, routerSaw } = fakeWindow("/wallet/0xabc");
    win.listen();
    vi.stubGlobal("window", win);
    replaceSearch(new URLSearchParams({ chain: "evm:1" }));
    expect(win.location.href).toBe("http://app.test/wallet/0xabc?chain=evm%3A1");
    expect(routerSaw).toEqual(["http://app.test/wallet/0xabc?chain=evm%3A1"]);
  });

  it("a write made before the router listens reaches it once it does", () => {
    const { win, routerSaw } = fakeWindow("/wallet/0xabc");
    vi.stubGlobal("window", win);
    replaceSearch("chain=evm%3A1");
    expect(win.location.href).toBe("http://app.test/wallet/0xabc?chain=evm%3A1");
    vi.advanceTimersByTime(200);
    expect(routerSaw).toEqual([]);
    win.listen();
    vi.advanceTimersByTime(100);
    expect(routerSaw).toEqual(["http://app.test/wallet/0xabc?chain=evm%3A1"]);
    vi.advanceTimersByTime(REPLAY_WAIT_MS);
    expect(routerSaw).toHaveLength(1);
  });

  it("a write the URL has moved on from is not replayed", () => {
    const { win, routerSaw } = fakeWindow("/wallet/0xabc");
    vi.stubGlobal("window", win);
    replaceSearch("chain=evm%3A1");
    replaceSearch("chain=evm%3A56");
    win.listen();
    vi.advanceTimersByTime(100);
    expect(routerSaw).toEqual(["http://app.test/wallet/0xabc?chain=evm%3A56"]);
  });

  it("an empty query leaves the bare path, and waiting stops after a bound", () => {
    const { win, routerSaw } = fakeWindow("/pulse?x=1");
    vi.stubGlobal("window", win);
    replaceSearch("");
    expect(win.location.href).toBe("http://app.test/pulse");
    vi.advanceTimersByTime(REPLAY_WAIT_MS + 100);
    expect(vi.getTimerCount()).toBe(0);
    win.listen();
    vi.advanceTimersByTime(100);
    expect(routerSaw).toEqual([]);
  });
});
