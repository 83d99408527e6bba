import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { openChartPage } from "./chart-page";

// In-page micro benchmark of lightweight-charts itself: setData of 50k bars and the per-tick update the token chart
// performs (candle + volume), next to a 5k setData and a plain array copy of the same bars as baselines.

export interface MicroResult {
  setData50kMs: number;
  setData5kMs: number;
  copy50kMs: number;
  firstPaint50kMs: number;
  updateUs: number;
  updateSmallUs: number;
  updateNewBarUs: number;
  /** The same per-tick update at `capBars` bars (the app's own bound on a chart series). */
  updateCapUs: number;
}

export async function runMicro(page: Page, libPath: string, rounds: number, capBars: number): Promise<MicroResult> {
  await openChartPage(page, libPath);
  await page.addScriptTag({ path: fileURLToPath(new URL("./micro-page.js", import.meta.url)) });
  return page.evaluate(
    `window.__chartMicro(${Math.max(1, Math.trunc(rounds))}, ${Math.trunc(capBars)})`,
  ) as Promise<MicroResult>;
}
