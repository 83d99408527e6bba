import { expect as baseExpect, need, test } from "./fixtures";
import { simState } from "./sim";

// Where the generated history of an established token meets live trading (the market's warm-up start), the volume
// bars carry on: the typical 1-minute bar read off the chart's crosshair legend within 2× either side, for each of
// the busiest established tokens (a trade a second or more; quieter ones are too noisy over an hour).

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type Ref = { chain: string; address: string; symbol: string };

const SUFFIX: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** "12.3K" → 12300; null for anything else (the legend's tiny-number form, a dash). */
function parseCompact(text: string): number | null {
  const m = /^([0-9]+(?:\.[0-9]+)?)([KMBT]?)$/.exec(text.trim());
  return m ? Number(m[1]) * (SUFFIX[m[2] as string] as number) : null;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

test("volume bars carry on across the history/live seam of the busiest established tokens", async ({
  page,
  pageErrors,
}) => {
  const state = (await simState()).data;
  const tokens = (state.notable.busyEstablished as Ref[]).slice(0, 5);
  expect(tokens.length, "busy established tokens on this market").toBeGreaterThanOrEqual(3);
  const seam = Math.floor(state.liveFrom / 60_000) * 60;
  const ratios: string[] = [];
  for (const t of tokens) {
    await page.goto(`/token/${t.chain}/${t.address}?interval=1m`);
    const chart = page.getByTestId("candle-chart");
    const legend = page.getByTestId("chart-legend");
    await expect(legend).toContainText("· 1m");
    await expect.poll(async () => Number((await chart.getAttribute("data-first-time")) ?? 0)).toBeGreaterThan(0);
    const firstDrawn = Number(await chart.getAttribute("data-first-time"));
    expect(firstDrawn, "the chart reaches back past the seam").toBeLessThan(seam - 1800);
    const box = need(await chart.boundingBox(), "the chart on screen");
    // Read bars as a trader does, with the crosshair: each bar's time and volume off the legend.
    const volumes = new Map<number, number>();
    const y = box.y + box.height * 0.4;
    const read = async (x: number) => {
      await page.mouse.move(x, y);
      const [time, text] = await legend.evaluate((el: HTMLElement) => [
        Number(el.dataset.time ?? 0),
        el.querySelectorAll("span.num > span")[4]?.lastElementChild?.textContent ?? "",
      ]);
      const v = parseCompact(String(text));
      if (Number(time) > 0 && v !== null) volumes.set(Number(time), v);
      return Number(time);
    };
    // Two bars far apart give the bar spacing; then every other bar from an hour before the seam to the newest.
    const xa = box.x + 10;
    const xb = box.x + box.width - 90;
    const ta = await read(xa);
    const tb = await read(xb);
    expect(tb).toBeGreaterThan(ta);
    const perBar = (xb - xa) / ((tb - ta) / 60);
    for (let time = seam - 3600; time <= tb; time += 120) {
      const x = xa + ((time - ta) / 60) * perBar;
      if (x >= box.x + 2 && x <= xb) await read(x);
    }
    const forming = Math.floor((await simState()).data.now / 60_000) * 60;
    const before = [...volumes].filter(([time]) => time >= seam - 3600 && time < seam).map(([, v]) => v);
    // Live bars up to the one before the market's forming minute.
    const after = [...volumes].filter(([time]) => time >= seam && time < forming).map(([, v]) => v);
    expect(before.length, `${t.symbol}: history bars read`).toBeGreaterThanOrEqual(20);
    expect(after.length, `${t.symbol}: live bars read`).toBeGreaterThanOrEqual(10);
    const ratio = median(after) / median(before);
    ratios.push(`${t.symbol} ${ratio.toFixed(2)}`);
    expect(ratio, `${t.symbol}: typical live bar over typical history bar`).toBeGreaterThan(0.5);
    expect(ratio, `${t.symbol}: typical live bar over typical history bar`).toBeLessThan(2);
  }
  test.info().annotations.push({ type: "ratios", description: ratios.join(", ") });
  expect(pageErrors).toEqual([]);
});
