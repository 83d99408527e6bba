import type { Page } from "@playwright/test";
import { XSS_SENTINEL } from "../lib/format/testing/hostile-corpus";
import { chartState } from "./chart";
import { expect as baseExpect, test } from "./fixtures";
import { holdStreamInPage } from "./page-socket";
import { simScenario, simState } from "./sim";
import { tokenViewQuery } from "./token-view";

// The token page on the embedded market: candles, live tape, filters, hostile metadata, routing.

interface Notable {
  chain: string;
  address: string;
  pools: string[];
  name?: string;
  symbol?: string;
}
let notable: Record<"baseToken" | "establishedToken" | "graduatedToken" | "bondingToken" | "hostileToken", Notable>;

// The machine running these is shared and busy: generous limits, never sleeps for market events.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

const tokenUrl = (t: { chain: string; address: string }, qs = "") => `/token/${t.chain}/${t.address}${qs}`;

async function waitForBars(page: Page, min = 1) {
  await expect.poll(async () => (await chartState(page)).bars, { timeout: 45_000 }).toBeGreaterThanOrEqual(min);
}

/** Records every tape row ever shown flagged preconfirmed (they may confirm within a second at market speed). */
/**
 * Records every tx the page draws as a flagged (preconfirmed) row, and every one of those it later draws confirmed:
 * the tape is a virtual list, so a row can leave the DOM when newer rows push it below the fold.
 */
async function watchPreconfirmed(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    const confirmed = new Set<string>();
    const w = window as unknown as { __preconf: Set<string>; __confirmedAfter: Set<string> };
    w.__preconf = seen;
    w.__confirmedAfter = confirmed;
    const scan = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="trade-row"][data-preconfirmed]')) {
        const tx = el.dataset.tx ?? "";
        if (el.dataset.preconfirmed === "true") seen.add(tx);
        else if (seen.has(tx)) confirmed.add(tx);
      }
    };
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, attributes: true });
    scan();
  });
}

/** Passes the page's stream through and reports when its live trades subscription is acknowledged. */
async function trackTradesAck(page: Page): Promise<() => boolean> {
  let acked = false;
  await holdStreamInPage(page);
  await page.routeWebSocket(/\/api\/stream/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      const f = JSON.parse(String(m)) as { type?: string; channel?: string };
      if (f.type === "subscribed" && f.channel === "trades") acked = true;
      ws.send(m);
    });
  });
  return () => acked;
}

const seenPreconfirmed = (page: Page, tx: string) =>
  page.evaluate((t) => (window as unknown as { __preconf: Set<string> }).__preconf.has(t), tx);
/** The page drew `tx` flagged first and confirmed afterwards. */
const seenConfirmedAfter = (page: Page, tx: string) =>
  page.evaluate((t) => (window as unknown as { __confirmedAfter: Set<string> }).__confirmedAfter.has(t), tx);

test.describe("candles", () => {
  test("render for several intervals including 1s and 1M, kept in the URL", async ({ page, pageErrors }) => {
    test.setTimeout(180_000);
    const t = notable.establishedToken;
    await page.goto(tokenUrl(t, "?interval=1s"));
    await waitForBars(page);
    await expect(page.getByTestId("chart-legend")).toContainText("1s");
    await page.locator('[data-interval="1h"]').first().click();
    await expect(page).toHaveURL(/interval=1h/);
    await expect(page.getByTestId("chart-legend")).toContainText("· 1h");
    await waitForBars(page);
    await expect.poll(async () => (await chartState(page)).last % 3600).toBe(0);
    await page.getByRole("button", { name: /More/ }).click();
    await page.getByRole("menuitemradio", { name: "1mo" }).click();
    await expect(page).toHaveURL(/interval=1M/);
    await expect(page.getByTestId("chart-legend")).toContainText("1mo");
    await waitForBars(page);
    // Month buckets start on the 1st (UTC).
    const s = await chartState(page);
    expect(new Date(s.last * 1000).getUTCDate()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test("switching interval and quote refetches and redraws", async ({ page }) => {
    const t = notable.graduatedToken;
    await page.goto(tokenUrl(t, "?interval=15s"));
    await waitForBars(page);
    const native = await chartState(page);
    const usdRequest = page.waitForRequest(
      (r) => r.url().includes("/api/v1/token/ohlcv") && r.url().includes("quote=usd"),
    );
    await page.locator("label", { hasText: /^USD$/ }).click();
    await usdRequest;
    await expect(page).toHaveURL(/quote=usd/);
    await expect(page.getByTestId("chart-legend")).toContainText("/USD");
    // SOL trades near $100+: the same candles in USD close far higher than in SOL.
    await expect.poll(async () => (await chartState(page)).lastClose / native.lastClose).toBeGreaterThan(20);

    const minuteRequest = page.waitForRequest(
      (r) => r.url().includes("/api/v1/token/ohlcv") && r.url().includes("interval=1m"),
    );
    await page.locator('[data-interval="1m"]').first().click();
    await minuteRequest;
    await expect.poll(async () => (await chartState(page)).last % 60).toBe(0);
    await waitForBars(page);
  });

  test("panning left loads older candles without gaps", async ({ page, request }) => {
    const t = notable.establishedToken;
    await page.goto(tokenUrl(t, "?interval=1m"));
    await waitForBars(page, 100);
    const before = await chartState(page);
    const box = await page.getByTestId("candle-chart").boundingBox();
    if (!box) throw new Error("the chart is not laid out");
    const y = box.y + box.height * 0.4;
    const loadedOlder = async () => (await chartState(page)).first < before.first;
    for (let i = 0; i < 8 && !(await loadedOlder()); i++) {
      await page.mouse.move(box.x + box.width * 0.15, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.8, y, { steps: 12 });
      await page.mouse.up();
      // Older candles load once the view nears the left edge; another drag if this one did not reach it.
      await expect.poll(loadedOlder, { timeout: 2_000 }).toBe(true).catch(() => undefined);
    }
    await expect.poll(async () => (await chartState(page)).first).toBeLessThan(before.first);
    const after = await chartState(page);
    expect(after.bars).toBeGreaterThan(before.bars);

    // The series on screen equals the service's own candles over the same span: nothing missing, nothing doubled.
    const q = await tokenViewQuery(page);
    const times = new Set<number>();
    let endTime = after.last;
    while (endTime >= after.first) {
      const url = `/api/v1/token/ohlcv?chain=${q.chain}&address=${q.address}&pools=${q.pools}&interval=1m&limit=500&endTime=${endTime}`;
      const body = await (await request.get(url)).json();
      for (const c of body.data as { time: number }[]) if (c.time >= after.first) times.add(c.time);
      if (!body.meta.hasMore || body.meta.oldestTime === null) break;
      endTime = body.meta.oldestTime - 1;
    }
    expect(after.bars).toBe(times.size);
  });
});

test.describe("live tape", () => {
  test("a live trade appears in the tape and moves the forming candle", async ({ page }) => {
    const launched = (await simScenario({ action: "launch", chain: "solana" })).data;
    // Hourly candles: the forming one stays the same bucket for the whole test even on a fast market clock.
    await page.goto(tokenUrl(launched, "?interval=1h"));
    await waitForBars(page);
    const before = await chartState(page);
    const trade = (
      await simScenario({ action: "trade", chain: "solana", address: launched.address, side: "buy", usd: 400 })
    ).data;
    const row = trade.trade as { txHash: string; amountNative: number; amountToken: number };
    const price = row.amountNative / row.amountToken;
    const tapeRow = page.locator(`[data-testid="trade-row"][data-tx="${row.txHash}"]`);
    await expect(tapeRow).toBeVisible();
    // Its age counts on the market's clock: seconds, however far the market's clock runs ahead of this tab's.
    await expect(tapeRow.locator("time")).toHaveText(/^\d{1,2}s$/);
    // The market keeps trading the token, so the close may go either way; the trade itself must be in the forming
    // candle: its volume added and its price inside the candle's range (or a later bucket begun after it).
    await expect
      .poll(async () => {
        const s = await chartState(page);
        if (s.last > before.last) return "rolled";
        const inRange = s.lastLow <= price * 1.000001 && s.lastHigh >= price * 0.999999;
        const added = s.lastVolume >= before.lastVolume + row.amountNative * 0.999;
        return inRange && added ? "in candle" : `volume ${s.lastVolume}, range ${s.lastLow}..${s.lastHigh} vs ${price}`;
      })
      .toMatch(/^(in candle|rolled)$/);
  });

  test("new trades join the tape's top without moving the rows on screen (no layout shift)", async ({
    page,
    pageErrors,
  }) => {
    // Every layout shift the page reports, with how many of its sources are tape rows.
    await page.addInitScript(() => {
      const w = window as unknown as { __tapeShifts: { value: number; rows: number }[] };
      w.__tapeShifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
          const rows = (e.sources ?? []).filter(
            (s) => s.node instanceof HTMLElement && s.node.dataset.testid === "trade-row",
          ).length;
          w.__tapeShifts.push({ value: e.value, rows });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const launched = (await simScenario({ action: "launch", chain: "solana" })).data;
    await page.goto(tokenUrl(launched));
    const rows = page.getByTestId("trade-row");
    await expect(rows.first()).toBeVisible();
    for (const usd of [120, 240, 360, 480]) {
      const trade = (await simScenario({ action: "trade", chain: "solana", address: launched.address, side: "buy", usd }))
        .data.trade as { txHash: string };
      await expect(page.locator(`[data-testid="trade-row"][data-tx="${trade.txHash}"]`)).toBeVisible();
    }
    const shifts = await page.evaluate(
      () => (window as unknown as { __tapeShifts: { value: number; rows: number }[] }).__tapeShifts,
    );
    expect(shifts.filter((s) => s.rows > 0)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("the tape's first screenful comes with the HTML, and the page takes those rows over as they are", async ({
    page,
    request,
    pageErrors,
  }) => {
    const t = notable.establishedToken;
    const html = await (await request.get(tokenUrl(t))).text();
    // Rows by identity (tx and log index): an arbitrage swaps on two of the token's pools in one transaction, two rows.
    const served = [...html.matchAll(/data-testid="trade-row"[^>]*data-key="([^"]+)"/g)].map((m) => m[1]);
    // A busy token's tape is longer than a screen: the server draws a screenful (24 rows), not the whole page of 50.
    expect(served.length).toBe(24);
    expect(new Set(served).size).toBe(served.length);
    // Without scripts the rows are there to read.
    const context = await page.context().browser()?.newContext({ javaScriptEnabled: false });
    if (!context) throw new Error("no browser");
    try {
      const bare = await context.newPage();
      await bare.goto(tokenUrl(t));
      await expect(bare.getByTestId("trade-row")).toHaveCount(24);
      await expect(bare.getByTestId("trade-row").first()).toBeVisible();
    } finally {
      await context.close();
    }
    // With them, hydration keeps the served rows (no mismatch: React would report it and draw the tape anew), and the
    // list grows by its overscan once it has measured itself.
    await page.goto(tokenUrl(t));
    await expect.poll(async () => page.getByTestId("trade-row").count()).toBeGreaterThan(24);
    expect(pageErrors).toEqual([]);
  });

  test("a trade made before the stream joins still reaches the tape when no later trade comes", async ({ page }) => {
    const launched = (await simScenario({ action: "launch", chain: "solana" })).data;
    // Between the server-rendered tape and the live subscription: hold the trades subscribe, and drop every live
    // trade frame, so nothing but the page's join of its REST snapshot to the stream can bring the row in.
    let hold = true;
    const held: Array<() => void> = [];
    await holdStreamInPage(page);
    await page.routeWebSocket(/\/api\/stream/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        const f = JSON.parse(String(m));
        if (hold && f.type === "subscribe" && f.channel === "trades") held.push(() => server.send(m));
        else server.send(m);
      });
      server.onMessage((m) => {
        const f = JSON.parse(String(m));
        if (!(f.type === "event" && f.channel === "trades")) ws.send(m);
      });
    });
    await page.goto(tokenUrl(launched));
    await expect(page.getByTestId("trade-row").first()).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const trade = (
      await simScenario({ action: "trade", chain: "solana", address: launched.address, side: "buy", usd: 75 })
    ).data;
    hold = false;
    for (const send of held.splice(0)) send();
    await expect(page.locator(`[data-testid="trade-row"][data-tx="${trade.trade.txHash}"]`)).toBeVisible();
  });

  test("hovering pauses the tape and buffers new rows until the pointer leaves", async ({ page }) => {
    const launched = (await simScenario({ action: "launch", chain: "solana" })).data;
    const acked = await trackTradesAck(page);
    await page.goto(tokenUrl(launched));
    await expect(page.getByTestId("trade-row").first()).toBeVisible();
    // The first rows are server-rendered: trade only once the live subscription is acknowledged.
    await expect.poll(acked).toBe(true);
    await page.getByTestId("trade-tape").hover();
    await expect(page.getByTestId("trade-tape")).toHaveAttribute("data-paused", "true");
    const trade = (
      await simScenario({ action: "trade", chain: "solana", address: launched.address, side: "buy", usd: 50 })
    ).data;
    const row = page.locator(`[data-testid="trade-row"][data-tx="${trade.trade.txHash}"]`);
    await expect(page.getByTestId("tape-paused")).toContainText(/new/);
    await expect(row).toHaveCount(0);
    await page.mouse.move(5, 5);
    await expect(page.getByTestId("trade-tape")).toHaveAttribute("data-paused", "false");
    await expect(row).toBeVisible();
  });

  test("a preconfirmed row on Base is flagged, and a reverted one disappears", async ({ page }) => {
    // At market speed a confirmation follows its preconfirmation within a second; the frames that end a
    // preconfirmed row (its confirmed copy, a revert) are held back until the page has drawn that row flagged (at
    // most 20 s: a page that never flags it fails below), so the flagged state is observable however busy the
    // machine is.
    const confirmed = new Set<string>();
    const sentPreconfirmed = new Set<string>();
    const drawnFlagged = async (txs: string[]) =>
      page
        .evaluate((ts) => {
          const seen = (window as unknown as { __preconf?: Set<string> }).__preconf;
          return !!seen && ts.every((t) => seen.has(t));
        }, txs)
        .catch(() => false);
    const revertedTx = new Set<string>();
    let tradesAcked = false;
    await holdStreamInPage(page);
    await page.routeWebSocket(/\/api\/stream/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        const text = String(m);
        const frame = JSON.parse(text) as {
          type: string;
          channel?: string;
          kind: string;
          data: { txHash: string; preconfirmed?: boolean }[];
        };
        if (frame.type === "subscribed" && frame.channel === "trades") tradesAcked = true;
        if (frame.type !== "event" || frame.channel !== "trades") return ws.send(m);
        const later = (data: { txHash: string }[]) =>
          void (async () => {
            const ends = data.map((r) => r.txHash).filter((tx) => sentPreconfirmed.has(tx));
            const until = Date.now() + 20_000;
            while (ends.length && Date.now() < until && !(await drawnFlagged(ends)))
              await new Promise((r) => setTimeout(r, 100));
            setTimeout(() => ws.send(JSON.stringify({ ...frame, data })), 500);
          })();
        if (frame.kind === "revert") {
          for (const k of frame.data) revertedTx.add(k.txHash);
          return later(frame.data);
        }
        // Rows share frames: preconfirmed ones go on now, each confirmed one once its own flagged row was drawn (held
        // together, one row never drawn flagged, e.g. a market trade that left the visible tape, would hold them all).
        const now = frame.data.filter((r) => r.preconfirmed);
        const held = frame.data.filter((r) => !r.preconfirmed);
        for (const r of held) confirmed.add(r.txHash);
        for (const r of now) sentPreconfirmed.add(r.txHash);
        if (now.length) ws.send(JSON.stringify({ ...frame, data: now }));
        const plain = held.filter((r) => !sentPreconfirmed.has(r.txHash));
        if (plain.length) ws.send(JSON.stringify({ ...frame, data: plain }));
        for (const r of held) if (sentPreconfirmed.has(r.txHash)) later([r]);
      });
    });
    const tapeRest = { inFlight: 0, lastDone: 0 };
    const isTapeRest = (r: { url(): string }) => r.url().includes("/api/v1/token/trades");
    page.on("request", (r) => {
      if (isTapeRest(r)) tapeRest.inFlight++;
    });
    const done = (r: { url(): string }) => {
      if (!isTapeRest(r)) return;
      tapeRest.inFlight--;
      tapeRest.lastDone = performance.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    const t = notable.baseToken;
    await page.goto(tokenUrl(t));
    await expect(page.getByTestId("trade-row").first()).toBeVisible();
    await watchPreconfirmed(page);
    // The first rows come from the server render; trade only once the live subscription is acknowledged, or the
    // preconfirmed copy can pass before it and only the confirmed one reach the page; and once the tape's repair from
    // REST after the acknowledgement is over, or its answer can already hold the trade confirmed (the market confirms
    // within a second at its speed) and rightly replace the flagged row before it is drawn.
    await expect.poll(() => tradesAcked).toBe(true);
    await expect.poll(() => tapeRest.inFlight === 0 && performance.now() - tapeRest.lastDone > 1_000).toBe(true);

    const ok = (await simScenario({ action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 25 })).data;
    expect(ok.trade.preconfirmed).toBe(true);
    await expect.poll(() => seenPreconfirmed(page, ok.trade.txHash)).toBe(true);
    await expect.poll(() => seenConfirmedAfter(page, ok.trade.txHash), { timeout: 30_000 }).toBe(true);

    // This one trade reverts (not "the next Base swap", which a market swap or another test's trade could take).
    const reverted = (
      await simScenario({ action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 25, revert: true })
    ).data.trade.txHash as string;
    await expect.poll(() => revertedTx.has(reverted) || confirmed.has(reverted), { timeout: 45_000 }).toBe(true);
    expect(confirmed.has(reverted)).toBe(false);
    const revertedRow: string = reverted;
    await expect.poll(() => seenPreconfirmed(page, revertedRow)).toBe(true);
    await expect(page.locator(`[data-testid="trade-row"][data-tx="${reverted}"]`)).toHaveCount(0);
    expect(await seenConfirmedAfter(page, revertedRow)).toBe(false);
  });

  test("clicking a maker filters the tape and draws their trades on the chart", async ({ page }) => {
    const t = notable.baseToken;
    await page.goto(tokenUrl(t, "?interval=1m"));
    await waitForBars(page);
    const first = page.getByTestId("trade-row").first();
    await expect(first).toBeVisible();
    // Hold the tape still (hover pauses it) so the row read is the row clicked.
    await page.getByTestId("trade-tape").hover();
    await expect(page.getByTestId("trade-tape")).toHaveAttribute("data-paused", "true");
    const maker = await first.getAttribute("data-maker");
    if (!maker) throw new Error("a tape row without its maker");
    await first.getByTestId("maker-filter").click();
    await expect(page).toHaveURL(new RegExp(`maker=${maker}`));
    await expect(page.getByTestId("maker-chip")).toBeVisible();
    await expect
      .poll(
        async () =>
          new Set(
            await page.getByTestId("trade-row").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.maker)),
          ),
      )
      .toEqual(new Set([maker]));
    await expect.poll(async () => (await chartState(page)).markers).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Clear maker filter" }).click();
    await expect(page).not.toHaveURL(/maker=/);
    await expect.poll(async () => (await chartState(page)).markers).toBe(0);
  });
});

test.describe("stats", () => {
  test("an established token's stats count makers over its whole archived day, not only since the market started", async ({
    page,
    pageErrors,
  }) => {
    await page.goto(tokenUrl(notable.establishedToken, "?tab=stats"));
    const panel = page.getByTestId("stats-panel");
    await expect(panel.getByRole("columnheader")).toHaveText(["Measure", "5m", "1h", "6h", "24h"]);
    const cells = (label: string) => panel.getByRole("row", { name: new RegExp(`^${label}\\b`) }).getByRole("cell");
    const figure = /^[\d,.]+[KMB]?$/;
    // Every window reaches back past the market's start (the e2e market warms 20 minutes): figures, not "—". This
    // token trades ~100k times a day: 6h and 24h makers come from its makers sketch, past the rows its tape holds.
    for (const i of [0, 1, 2, 3]) {
      await expect(cells("Makers").nth(i)).toHaveText(figure);
      await expect(cells("Txns").nth(i)).toHaveText(figure);
    }
    expect(pageErrors).toEqual([]);
  });
});

test.describe("safety and routing", () => {
  test("a hostile token's name and links are safe", async ({ page, pageErrors }) => {
    const t = notable.hostileToken;
    await page.goto(tokenUrl(t, "?tab=about"));
    await expect(page.getByTestId("token-header")).toBeVisible();
    await expect(page.getByTestId("about-panel")).toBeVisible();
    const report = await page.evaluate((sentinel) => {
      const hrefs = [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? "");
      return {
        fired: (window as unknown as Record<string, unknown>)[sentinel] !== undefined,
        badLinks: hrefs.filter((h) => /^\s*(javascript|data|vbscript|http):/i.test(h)),
        external: [...document.querySelectorAll('a[target="_blank"]')].map((a) => a.getAttribute("href") ?? ""),
        injected: document.querySelectorAll(
          '[data-testid="token-view"] script, [data-testid="token-view"] iframe, [data-testid="token-view"] [onerror], [data-testid="token-view"] [onclick]',
        ).length,
        images: [...document.querySelectorAll('[data-testid="token-view"] img')].map(
          (i) => i.getAttribute("src") ?? "",
        ),
      };
    }, XSS_SENTINEL);
    expect(report.fired).toBe(false);
    expect(report.badLinks).toEqual([]);
    expect(report.injected).toBe(0);
    for (const href of report.external) expect(href).toMatch(/^https:\/\//);
    // Icons load through this site's image route, never from the host a token's creator wrote.
    for (const src of report.images)
      expect(src).toMatch(/^\/api\/image\?url=(https%3A%2F%2F|http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fassets%2F)/);
    expect(pageErrors).toEqual([]);
  });

  test("an invalid address or chain shows the not-found page", async ({ page }) => {
    for (const path of [
      "/token/evm:8453/0x1234",
      "/token/bitcoin/0x8a9eba526a0c727f97aab077d3191ecfb7644e48",
      "/token/solana/0x8a9eba526a0c727f97aab077d3191ecfb7644e48",
    ]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId("token-invalid")).toBeVisible();
    }
  });

  test("a valid address that is no token says so", async ({ page }) => {
    await page.goto("/token/evm:8453/0x00000000000000000000000000000000000000aa");
    await expect(page.getByTestId("token-not-found")).toContainText("Token not found");
  });

  test("an EVM address in any case redirects to the lowercase URL, keeping the view", async ({ page }) => {
    const t = notable.baseToken;
    const mixed = `0x${t.address.slice(2).toUpperCase()}`;
    await page.goto(`/token/${t.chain}/${mixed}?interval=1h`);
    await expect(page).toHaveURL(new RegExp(`/token/${t.chain.replace(":", "(:|%3A)")}/${t.address}\\?interval=1h$`));
    await expect(page.getByTestId("token-header")).toBeVisible();
  });
});
