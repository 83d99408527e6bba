import type { Page } from "@playwright/test";

/** What the token chart publishes on its element (components/chart/candle-chart.tsx `writeDataset`). */
export interface ChartState {
  bars: number;
  first: number;
  last: number;
  lastClose: number;
  lastHigh: number;
  lastLow: number;
  lastVolume: number;
  markers: number;
  /** The first and last bars inside the visible range (the right edge lands on `last` after a switch). */
  viewFirst: number;
  viewLast: number;
  /** The market has older history than the bars drawn. */
  hasOlder: boolean;
}

/** The candle chart's bar count, first and last bar times and newest bar, as drawn. */
export async function chartState(page: Page): Promise<ChartState> {
  return page.getByTestId("candle-chart").evaluate((el: HTMLElement) => ({
    bars: Number(el.dataset.bars ?? 0),
    first: Number(el.dataset.firstTime ?? 0),
    last: Number(el.dataset.lastTime ?? 0),
    lastClose: Number(el.dataset.lastClose ?? 0),
    lastHigh: Number(el.dataset.lastHigh ?? 0),
    lastLow: Number(el.dataset.lastLow ?? 0),
    lastVolume: Number(el.dataset.lastVolume ?? 0),
    markers: Number(el.dataset.markers ?? 0),
    viewFirst: Number(el.dataset.viewFirstTime ?? 0),
    viewLast: Number(el.dataset.viewLastTime ?? 0),
    hasOlder: el.dataset.hasOlder === "true",
  }));
}

/** Drags the chart right `times` times, as a trader panning back into history (older pages load on the way). */
export async function panBack(page: Page, times = 3): Promise<void> {
  const box = await page.getByTestId("candle-chart").boundingBox();
  if (!box) throw new Error("no chart to pan");
  const y = box.y + box.height / 2;
  for (let i = 0; i < times; i++) {
    await page.mouse.move(box.x + 60, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 120, y, { steps: 8 });
    await page.mouse.up();
  }
}
