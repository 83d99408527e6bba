import { expect as baseExpect, need, test } from "./fixtures";
import { median } from "@/lib/sim/engine/warm-flow";
import { simState } from "./sim";

// Where the generated history of an established token meets live trading (the market's warm-up start), the volume
// bars carry on: the typical 1-minute bar read off the chart's crosshair legend within 2× either side, for each of
// the busiest established tokens (a trade a second or more; quieter ones are too noisy over an hour).

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type Ref = { chain: string; address: string; symbol: string };

const SUFFIX: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** "12.3K" → 12300; null for anything else (the legend's tiny-number form, a dash). */
function parseCompact(text: string): number | null {
  const m = /^([0-9]+(?:\.[0-9]+)?)([KMBT]?)$/.exec(text.trim());
  return m ? Number(m[1]) * (SUFFIX[m[2] as string] as number) : null;
}

/**
 * In the page: moves the pointer over the chart to each x (at height y) and reads the legend's bar time and volume
 * once it shows the bar under the pointer.
 */
async function crosshairSweep(
  legend: HTMLElement,
  { xs, y }: { xs: number[]; y: number },
): Promise<[number, string][]> {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
  const out: [number, string][] = [];
  for (const x of xs) {
    const target = document.elementFromPoint(x, y);
    if (!target) continue;
    const before = legend.dataset.time;
    target.dispatchEvent(new MouseEvent("mouseenter", { clientX: x, clientY: y }));
    target.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: y, bubbles: true }));
    // The legend follows the crosshair within a task or two (time and volume in one render); a few frames at most.
    for (let i = 0; i < 4 && legend.dataset.time === before; i++) await tick();
    for (let i = 0; i < 6 && legend.dataset.time === before; i++) await frame();
    const fields = legend.querySelectorAll("span.num > span");
    out.push([Number(legend.dataset.time ?? 0), fields[4]?.lastElementChild?.textContent ?? ""]);
  }
  return out;
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
    // Read bars as a trader does, with the crosshair: each bar's time and volume off the legend. The pointer moves
    // in the page (one round trip per token, not two per bar: the suite runs on a busy machine).
    const volumes = new Map<number, number>();
    const y = box.y + box.height * 0.4;
    const read = async (xs: number[]) => {
      const got = await legend.evaluate(crosshairSweep, { xs, y });
      for (const [time, text] of got) {
        const v = parseCompact(text);
        if (time > 0 && v !== null) volumes.set(time, v);
      }
      return got.map(([time]) => time);
    };
    // Two bars far apart give the bar spacing; then every bar from an hour before the seam to the newest.
    const xa = box.x + 10;
    const xb = box.x + box.width - 90;
    const [ta = 0, tb = 0] = await read([xa, xb]);
    expect(tb).toBeGreaterThan(ta);
    const perBar = (xb - xa) / ((tb - ta) / 60);
    const xs: number[] = [];
    for (let time = seam - 3600; time <= tb; time += 60) {
      const x = xa + ((time - ta) / 60) * perBar;
      if (x >= box.x + 2 && x <= xb) xs.push(x);
    }
    await read(xs);
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
