import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Route } from "@playwright/test";
import { chartState, panBack } from "./chart";
import { expect as baseExpect, test } from "./fixtures";
import { simState } from "./sim";

// Fast on a phone (issue #32): what link unfurlers read from the first bytes, and what a thumb can hit at 390 px.

test.describe.configure({ timeout: 180_000 }); // page loads with axe on a shared, busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

interface Notable {
  chain: string;
  address: string;
}
let notable: Record<"establishedToken" | "evmWallet", Notable>;

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

const pages = () => ({
  home: "/",
  pulse: "/pulse",
  token: `/token/${notable.establishedToken.chain}/${notable.establishedToken.address}`,
  wallet: `/wallet/${notable.evmWallet.address}?chain=${notable.evmWallet.chain}`,
  watchlist: "/watchlist",
  credits: "/credits",
  tracker: "/tracker",
  charts: "/charts",
});

test("every page names itself in <head> of the HTML as served: description and Open Graph tags", async ({
  request,
}) => {
  for (const [name, path] of Object.entries(pages())) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    const headEnd = html.indexOf("</head>");
    expect(headEnd, `${name}: </head>`).toBeGreaterThan(0);
    const head = html.slice(0, headEnd);
    for (const tag of [
      /<meta name="description" content="[^"]{20,}"/,
      /<meta property="og:title" content="[^"]+"/,
      /<meta property="og:description" content="[^"]{20,}"/,
      /<meta property="og:site_name" content="TradeScope"/,
    ]) {
      expect(head, `${name} (${path}): ${tag} before </head>`).toMatch(tag);
    }
  }
  // The token and wallet pages describe their own subject, not the site.
  const token = await (await request.get(pages().token)).text();
  expect(token.slice(0, token.indexOf("</head>"))).toMatch(/<meta name="description" content="[^"]*live price/);
  const wallet = await (await request.get(pages().wallet)).text();
  expect(wallet.slice(0, wallet.indexOf("</head>"))).toContain(
    `<meta name="description" content="Wallet ${notable.evmWallet.address}`,
  );
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Every aria-controls / aria-labelledby on the page names an element that is there. */
  async function danglingIdRefs(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const out: string[] = [];
      for (const attr of ["aria-controls", "aria-labelledby", "aria-describedby", "aria-owns"]) {
        for (const el of document.querySelectorAll(`[${attr}]`)) {
          for (const id of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean)) {
            if (!document.getElementById(id)) out.push(`${attr}="${id}" on <${el.tagName.toLowerCase()} id=${el.id}>`);
          }
        }
      }
      return out;
    });
  }

  /** How wide the page and the main nav are against the screen, and which of the nav's controls are cut. */
  async function widths(page: Page) {
    return page.evaluate(() => {
      const nav = document.querySelector('nav[aria-label="Main"]');
      return {
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
        navScroll: nav?.scrollWidth ?? -1,
        navClient: nav?.clientWidth ?? -1,
        navCut: [...(nav?.querySelectorAll("a, button") ?? [])]
          .map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.left < 0 || r.right > window.innerWidth))
          .map(({ text }) => text),
      };
    });
  }

  for (const name of ["home", "pulse", "token", "wallet", "watchlist", "credits", "tracker", "charts"] as const) {
    test(`${name}: no sideways scroll, nothing moved under the reader as it loads, tap targets ≥ 24 px or spaced, valid ARIA references, names that hold the visible text`, async ({
      page,
    }) => {
      const path = pages()[name];
      // Lighthouse's cumulative layout shift, summed over the load: what moved on the screen without an input.
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: { value: number; by: string[] } };
        w.__shift = { value: 0, by: [] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
            w.__shift.value += e.value;
            for (const s of e.sources ?? [])
              w.__shift.by.push(`${s.node?.nodeName} ${s.node?.textContent?.slice(0, 40)}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path);
      await expect(page.getByRole("list", { name: "Native coin prices" }).locator("li").first()).toBeVisible();
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      const shift = await page.evaluate(
        () => (window as unknown as { __shift: { value: number; by: string[] } }).__shift,
      );
      expect(shift.value, `${path}: layout shift of the load (${shift.by.join(" | ")})`).toBeLessThan(0.05);
      // Neither the page nor the main nav scrolls sideways, and every nav control is whole on the screen.
      const w = await widths(page);
      expect(w.navClient, `${path}: the main nav`).toBeGreaterThan(0);
      expect(w.screen, path).toBe(390);
      expect(w.page, `${path} scrolls sideways`).toBeLessThanOrEqual(w.screen);
      expect(w.navScroll, `${path}: the main nav scrolls sideways`).toBeLessThanOrEqual(w.navClient);
      expect(w.navCut, `${path}: nav controls off the screen`).toEqual([]);
      expect(await danglingIdRefs(page), path).toEqual([]);
      // Lighthouse's accessibility audits are axe's rules: target-size is its tap-target check (WCAG 2.5.8).
      const { violations } = await new AxeBuilder({ page })
        .withRules(["target-size", "aria-valid-attr-value", "label-content-name-mismatch", "aria-allowed-attr"])
        .analyze();
      expect(
        violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 6)
              .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`)
              .join(" | ")}`,
        ),
        path,
      ).toEqual([]);
    });
  }

  test("the main nav holds Pulse and Watchlist, and the other pages one tap away under More", async ({ page }) => {
    await page.goto(pages().watchlist);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Pulse" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Watchlist" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Tracker" })).toBeHidden();
    const more = nav.getByRole("button", { name: "More pages", exact: true });
    await expect(more).toHaveAttribute("aria-expanded", "false");

    await more.tap();
    const menu = nav.getByRole("list", { name: "More pages" });
    await expect(menu.getByRole("link")).toHaveText(["Tracker", "Charts"]);
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    await more.tap();
    await menu.getByRole("link", { name: "Charts" }).tap();
    await expect(page).toHaveURL(/\/charts(\?|$)/);
    await expect(menu).toBeHidden();
    // Its button now names the page it holds: the bar still says where the trader is.
    const current = nav.getByRole("button", { name: "Charts and more pages", exact: true });
    await expect(current).toHaveAttribute("aria-expanded", "false");
    await current.tap();
    await expect(menu.getByRole("link", { name: "Charts" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("a 390 px window's chart", () => {
  // A mouse, not a finger: the drag that pans the chart back into history is the trader's.
  test.use({ viewport: { width: 390, height: 844 } });

  test("loading older candles says so over the plot, and nothing on the page moves", async ({ page, pageErrors }) => {
    const held: Route[] = [];
    let hold = false;
    await page.route(/\/api\/v1\/token\/ohlcv\?.*endTime=/, (route) => (hold ? held.push(route) : route.continue()));
    await page.goto(`${pages().token}?interval=1m`);
    await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThan(100);
    const chart = page.getByTestId("candle-chart");
    const tabs = page.getByRole("tablist", { name: "Token sections" });
    const where = async () => ({
      chart: (await chart.boundingBox())?.y,
      tabs: (await tabs.boundingBox())?.y,
    });
    const before = await where();
    expect(before.chart).toBeGreaterThan(0);
    const first = (await chartState(page)).first;

    // The next page of older candles is held at the network until the page has been looked at.
    hold = true;
    await expect
      .poll(async () => {
        if (held.length === 0) await panBack(page, 1);
        return held.length;
      })
      .toBeGreaterThan(0);
    const notice = page.getByRole("region", { name: "Price chart" }).getByText("Loading history…");
    await expect(notice).toBeVisible();
    expect(await where(), "the chart and the tabs under it stay where they were").toEqual(before);
    // The notice lies over the plot's lower left, inside the chart.
    const box = await notice.boundingBox();
    const plot = await chart.boundingBox();
    expect(box && plot && box.y >= plot.y && box.y + box.height <= plot.y + plot.height).toBe(true);

    hold = false;
    for (const r of held.splice(0)) await r.continue();
    await expect(notice).toBeHidden();
    await expect.poll(async () => (await chartState(page)).first).toBeLessThan(first);
    expect(await where()).toEqual(before);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("a phone's browser on a token page", () => {
  const PHONE_UA =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: PHONE_UA });

  test("the HTML draws the tape's first few rows only; the tape fills its box once hydrated", async ({
    page,
    request,
    pageErrors,
  }) => {
    const rowsIn = (html: string) => html.match(/data-testid="trade-row"/g)?.length ?? 0;
    // The tape starts under the chart near the bottom of a phone's first screen: a desktop's screenful is 24 rows.
    const phoneHtml = await (await request.get(pages().token, { headers: { "user-agent": PHONE_UA } })).text();
    const desktopHtml = await (
      await request.get(pages().token, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/136.0" } })
    ).text();
    expect(rowsIn(phoneHtml)).toBe(6);
    expect(rowsIn(desktopHtml)).toBe(24);

    await page.goto(pages().token);
    const tape = page.getByTestId("trade-tape");
    await tape.scrollIntoViewIfNeeded();
    const box = await tape.boundingBox();
    if (!box) throw new Error("the tape is not laid out");
    // Once hydrated the tape measures its box: rows cover its height (28 px each), beyond the six of the HTML.
    await expect
      .poll(() => tape.getByTestId("trade-row").count())
      .toBeGreaterThanOrEqual(Math.min(24, Math.floor(box.height / 28)));
    expect(Math.floor(box.height / 28)).toBeGreaterThan(6);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("a phone's browser on the board", () => {
  // A phone's user agent: the server draws the one column on screen, and the others wait for their tab.
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
  });

  test("builds a hidden column when its tab is first chosen, and keeps it built", async ({ page, pageErrors }) => {
    const column = (view: string) => page.locator(`section[data-view="${view}"]`);
    await page.goto("/pulse");
    await expect(column("new").locator("article").first()).toBeVisible();
    // the other columns hold placeholders, built neither in the HTML nor once the page is idle
    await page.waitForLoadState("load");
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 3_000 })));
    for (const view of ["bonding", "graduated"]) {
      await expect(column(view).locator("article")).toHaveCount(0);
      await expect(column(view).getByRole("status", { name: "Loading tokens", includeHidden: true })).toHaveCount(1);
    }
    const tabs = page.getByRole("tablist", { name: "Pulse lists" });
    await tabs.getByRole("tab", { name: /Bonding/ }).click();
    await expect(column("bonding").locator("article").first()).toBeVisible();
    // back on New, the Bonding column stays built (its list, not placeholders), and shows its cards again at once
    await tabs.getByRole("tab", { name: /New/ }).click();
    await expect(column("new").locator("article").first()).toBeVisible();
    await expect(column("bonding").getByRole("status", { name: "Loading tokens", includeHidden: true })).toHaveCount(0);
    await tabs.getByRole("tab", { name: /Bonding/ }).click();
    await expect(column("bonding").locator("article").first()).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
