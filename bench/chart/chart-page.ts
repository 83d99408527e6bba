import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

/** A blank dark page with lightweight-charts (`libPath`) and the shared in-page chart and bar builders loaded. */
export async function openChartPage(page: Page, libPath: string): Promise<void> {
  await page.setContent("<!doctype html><html><body style='margin:0;background:#0a0c10'></body></html>");
  await page.addScriptTag({ path: libPath });
  await page.addScriptTag({ path: fileURLToPath(new URL("./bars-page.js", import.meta.url)) });
}
