import type { Page, Request } from "@playwright/test";

// "Settled" for a page: no HTTP request of its own in flight, and none started or ended, for a while. Playwright's
// `networkidle` never comes on our pages: the shared stream worker's script request never reports its end to the
// page (Chromium), so it is left out here, as the live WebSocket is (not an HTTP request).

/** The shared stream worker's script (its request is never reported finished to the page). */
const NEVER_ENDS = /\/_next\/static\/chunks\/turbopack-worker-/;

interface Tracker {
  inflight: Set<Request>;
  lastActivity: number;
}
const trackers = new WeakMap<Page, Tracker>();

/** Starts counting the page's requests; the e2e fixtures' `page` is tracked from its creation. */
export function trackRequests(page: Page): void {
  if (trackers.has(page)) return;
  const t: Tracker = { inflight: new Set(), lastActivity: Date.now() };
  trackers.set(page, t);
  page.on("request", (r) => {
    if (NEVER_ENDS.test(r.url())) return;
    t.inflight.add(r);
    t.lastActivity = Date.now();
  });
  const end = (r: Request) => {
    if (t.inflight.delete(r)) t.lastActivity = Date.now();
  };
  page.on("requestfinished", end);
  page.on("requestfailed", end);
}

/**
 * Waits until no request of the page has been in flight for `quietMs`; fails (naming what is still loading) when
 * that does not happen within `timeoutMs`.
 */
export async function settle(page: Page, { quietMs = 500, timeoutMs = 20_000 } = {}): Promise<void> {
  const t = trackers.get(page);
  if (!t) throw new Error("settle: this page's requests are not tracked (use the page from e2e/fixtures.ts, or trackRequests before the first navigation)");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    const idleFor = t.inflight.size === 0 ? now - t.lastActivity : 0;
    if (idleFor >= quietMs) return;
    if (now > deadline) {
      const loading = [...t.inflight].map((r) => r.url()).slice(0, 5);
      throw new Error(`the page did not settle within ${timeoutMs} ms; still loading: ${loading.join(", ")}`);
    }
    // Checks again once the quiet period could have elapsed (a request in between restarts it).
    await new Promise((r) => setTimeout(r, Math.max(20, quietMs - idleFor)));
  }
}
