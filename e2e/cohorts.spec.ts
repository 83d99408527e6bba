import { expect as baseExpect, test } from "./fixtures";
import { launchWithBundle } from "./sim";

// Holder cohorts on the token page: a launch with a generated bundle shows every panel with its evidence.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("a generated bundle opens to its wallets, common funder and funding transfers; cohort trades mark the chart", async ({
  page,
  pageErrors,
}) => {
  const t = await launchWithBundle(4);
  await page.goto(`/token/${t.chain}/${t.address}?tab=cohorts`);
  const panel = page.getByTestId("cohort-panel");
  await expect(panel).toBeVisible();

  const table = page.getByTestId("cohort-table");
  for (const label of ["Top 10", "Dev", "Snipers", "Bundles", "Fresh"]) await expect(table).toContainText(label);
  await expect(table.locator('[data-cohort="bundles"] td').first()).toHaveText("4");
  // The holdings chart is drawn, one line a cohort with points across it. (A line's own box is no test of being seen:
  // a cohort that held the whole time is a flat line, zero pixels tall, which Playwright calls hidden.)
  const holdings = page.getByTestId("cohort-holdings");
  await expect(holdings.getByRole("img", { name: "Cohort holdings over time" })).toBeVisible();
  await expect(holdings.locator("polyline").first()).toHaveAttribute("points", /^\S+,\S+( \S+,\S+)+$/);
  await expect(page.getByTestId("cohort-dev")).toContainText(t.creator.slice(0, 4));
  await expect(panel.getByText("Definitions")).toBeVisible();
  await expect(panel).toContainText("same first-funding source");

  const bundle = page.getByTestId("bundle");
  await expect(bundle).toHaveCount(1);
  await bundle.locator("summary").click();
  const evidence = bundle.getByTestId("bundle-evidence");
  await expect(evidence).toBeVisible();
  await expect(evidence.locator(`a[title="${t.bundle.funder}"]`)).toBeVisible();
  for (const w of t.bundle.wallets) await expect(evidence.locator(`a[title="${w}"]`)).toBeVisible();
  await expect(evidence.locator("tbody tr")).toHaveCount(4);
  await expect(evidence.locator("tbody tr").first()).toContainText("before");

  await page.getByTestId("dev-dossier-toggle").locator("summary").click();
  await expect(page.getByTestId("dev-dossier")).toContainText("graduated");

  const show = page.locator('[data-cohort="bundles"] button');
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => Number(await page.getByTestId("candle-chart").getAttribute("data-markers")), { timeout: 45_000 })
    .toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});
