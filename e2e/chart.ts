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
  }));
}
