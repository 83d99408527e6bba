import { expect as baseExpect, test } from "./fixtures";
import { waitForShell } from "./shell-helpers";
import { launchWithBundle, simGet, simScenario } from "./sim";

// Browser alerts: rules set on a token and on a wallet fire on live data as in-app toasts and browser
// notifications, and stay in localStorage.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  // A stand-in for the browser's Notification (headless Chromium has no notification centre): records each one.
  await page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { __notes: typeof shown }).__notes = shown;
    class FakeNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      constructor(title: string, opts?: { body?: string }) {
        shown.push({ title, body: opts?.body });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
});

test("dev-sell and cohort-dump alerts fire on a generated bundle's token; rules survive a reload", async ({
  page,
  pageErrors,
}) => {
  // The dev and the bundle hold until this test sells: a dump of their own before the rules' first reading would
  // leave no threshold to cross.
  const t = await launchWithBundle(3, { holdCohorts: true });
  await page.goto(`/token/${t.chain}/${t.address}?tab=cohorts`);
  await waitForShell(page);
  await expect(page.getByTestId("bundle")).toHaveCount(1);
  const alerts = page.getByTestId("token-alerts");
  await alerts.getByLabel("Alert when").selectOption("dev-sells");
  await alerts.getByRole("button", { name: "Add alert" }).click();
  await alerts.getByLabel("Alert when").selectOption("cohort-dump");
  await alerts.getByLabel("Cohort").selectOption("bundles");
  await alerts.getByLabel("Percent sold").fill("50");
  await alerts.getByRole("button", { name: "Add alert" }).click();
  await expect(page.getByTestId("token-alert-rules").locator("li")).toHaveCount(2);

  await page.reload();
  await expect(page.getByTestId("token-alert-rules").locator("li")).toHaveCount(2);
  // Let the report the page reads now (bundles still holding) be the rule's first reading.
  await expect(page.getByTestId("bundle")).toHaveCount(1);
  const watching = page.getByTestId("alert-rule-status").and(page.locator('[data-state="watching"]'));
  await expect(watching).toHaveCount(2, { timeout: 20_000 });

  // Market wallets trade on their own meanwhile: a small buy first guarantees each maker has something to sell.
  const trade = (side: "buy" | "sell", usd: number, maker: string) =>
    simScenario({ action: "trade", chain: t.chain, address: t.address, side, usd, maker });
  await trade("buy", 5, t.creator);
  await trade("sell", 1, t.creator);
  const toasts = page.getByTestId("alert-toast");
  await expect(toasts.filter({ hasText: "the dev sold" })).toBeVisible({ timeout: 45_000 });

  for (const w of t.bundle.wallets) {
    await trade("buy", 5, w);
    await trade("sell", 1e9, w);
  }
  await expect(toasts.filter({ hasText: "bundles dumping" })).toBeVisible({ timeout: 90_000 });
  const notes = await page.evaluate(() => (window as unknown as { __notes: { title: string }[] }).__notes);
  expect(notes.map((n) => n.title).join("|")).toContain("the dev sold");
  expect(pageErrors).toEqual([]);
});

test("a watched wallet's buy fires an alert on any page", async ({ page, pageErrors }) => {
  const t = await launchWithBundle(3);
  const wallet = t.bundle.wallets[0] as string;
  await page.goto(`/wallet/${wallet}`);
  await waitForShell(page);
  const button = page.getByTestId("wallet-alert");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await page.goto("/pulse");
  await simScenario({ action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 50, maker: wallet });
  await expect(page.getByTestId("alert-toast").filter({ hasText: "bought" })).toBeVisible({ timeout: 60_000 });
  expect(pageErrors).toEqual([]);
});

test("price and market-cap crosses and a graduation each fire once", async ({ page, pageErrors }) => {
  // Quiet: only this test trades it on its curve, so the levels set from a reading stay ahead of the market until the
  // buys below, and the graduation is this test's own (the crowd could otherwise complete the curve first).
  const t = await launchWithBundle(3, { holdCohorts: true, quiet: true });
  // The market itself (not the proxy's cache, seconds old).
  const marketNow = async () =>
    (
      await simGet<{ data: { priceUsd: number; marketCapUsd: number; migrated: boolean } }>(
        `/v1/token?chain=${t.chain}&address=${t.address}`,
      )
    ).data;

  await page.goto(`/token/${t.chain}/${t.address}?tab=cohorts`);
  await waitForShell(page);
  const alerts = page.getByTestId("token-alerts");
  const add = async (kind: string, value?: number) => {
    await alerts.getByLabel("Alert when").selectOption(kind);
    if (value !== undefined) await alerts.getByLabel("Value in USD").fill(String(value));
    await alerts.getByRole("button", { name: "Add alert" }).click();
  };
  // The alert layer loads after the first paint (AlertHost's start delay) and then reads the token: the graduation
  // rule goes first and the levels are set once it reads, so the market moves only for the moments between the
  // reading the levels are set from and the rules' first one (a fresh launch's own traders move it fast: with the
  // layer's start inside that window, a run saw the price double before the rules read it).
  const status = page.getByTestId("alert-rule-status");
  const watching = status.and(page.locator('[data-state="watching"]'));
  await add("graduates");
  await expect(watching).toHaveCount(1, { timeout: 20_000 });
  // Levels at twice where the market stands as they are set.
  const base = await marketNow();
  expect(base.migrated).toBe(false);
  const priceAt = Number((base.priceUsd * 2).toPrecision(6));
  const mcapAt = Math.round(base.marketCapUsd * 2);
  await add("price-above", priceAt);
  await add("mcap-above", mcapAt);
  await expect(page.getByTestId("token-alert-rules").locator("li")).toHaveCount(3);
  // A cross needs a reading below the level first, so the buys wait until every rule says it has read the token,
  // below its level. The rules are listed as added: graduation, price, market cap.
  await expect(watching).toHaveCount(3, { timeout: 20_000 });
  const [, priceRead, mcapRead] = await status.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute("data-value"))),
  );
  expect(priceRead, "the price rule's first reading is below its level").toBeLessThan(priceAt);
  expect(mcapRead, "the market-cap rule's first reading is below its level").toBeLessThan(mcapAt);
  await expect(status.nth(1)).not.toContainText("already");

  // Buys until the market has both levels behind it with room to spare: a launch's curve moves ~10 % per $400 buy.
  let now = await marketNow();
  for (let i = 0; i < 40 && !(now.priceUsd >= priceAt * 1.15 && now.marketCapUsd >= mcapAt * 1.15); i++) {
    await simScenario({ action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 400, maker: t.creator });
    now = await marketNow();
  }
  expect(now.priceUsd, "the market's price passed the rule's level").toBeGreaterThan(priceAt);
  expect(now.marketCapUsd, "the market's cap passed the rule's level").toBeGreaterThan(mcapAt);
  // A toast leaves after 12 s, and the two crosses can land well apart on a loaded machine: each is looked for in the
  // browser's notifications, which stay (the graduation's toast is looked at below).
  const notified = () =>
    page.evaluate(() => (window as unknown as { __notes: { title: string }[] }).__notes.map((n) => n.title).join("|"));
  await expect.poll(notified, { timeout: 45_000 }).toContain("price above");
  await expect.poll(notified, { timeout: 45_000 }).toContain("market cap above");
  const toasts = page.getByTestId("alert-toast");

  await simScenario({ action: "graduate", chain: t.chain, address: t.address });
  await expect(toasts.filter({ hasText: "graduated" })).toBeVisible({ timeout: 60_000 });
  // The graduation reached the page as a later token update than the crosses (and the readings kept changing between):
  // each rule fired on its own crossing only, not on every reading past it.
  const fired = await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem("tradescope.alerts") ?? "{}") as {
      state?: { fired?: { title: string }[] };
    };
    return (raw.state?.fired ?? []).map((f) => f.title);
  });
  for (const what of ["price above", "market cap above", "graduated"])
    expect(
      fired.filter((title) => title.includes(what)),
      what,
    ).toHaveLength(1);

  // A level the price is already past says so: it fires only once the price has come back and crosses again.
  await add("price-above", Number(((await marketNow()).priceUsd / 2).toPrecision(6)));
  await expect(status.last()).toContainText("already above");
  expect(pageErrors).toEqual([]);
});
