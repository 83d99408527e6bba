import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import { openChartPage } from "./chart-page";

// setData of the same 50k bars, interleaved rounds in one page: lightweight-charts alone (candles + volume series)
// against the app's chart path (bench/chart/app-path.ts: reducer → mirror → scaled candles + coloured volume).

export interface AppVsLib {
  libMs: number;
  /** The library alone with the volume coloured per bar, as the app's chart draws it. */
  libColouredMs: number;
  appMs: number;
  bars: number;
}

export async function runAppVsLib(page: Page, libPath: string, rounds: number): Promise<AppVsLib> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./app-path.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
  });
  await openChartPage(page, libPath);
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  await page.addScriptTag({ path: fileURLToPath(new URL("./app-vs-lib-page.js", import.meta.url)) });
  return page.evaluate(`window.__appVsLib(${Math.max(1, Math.trunc(rounds))})`) as Promise<AppVsLib>;
}
