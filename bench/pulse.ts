// Pulse under load: long tasks in a real Chromium while the board takes 50+ pulse deltas a second, side by side with
// an idle page and the board on the market's own pace, in one run.
//
//   node_modules/.bin/tsx bench/pulse.ts [--quick]
//
// Serves the production build on the embedded market (bench/lib/app.ts). BENCH_SECONDS sets each phase (default 15).
// Long tasks are what the browser reports through PerformanceObserver("longtask"): main-thread tasks over 50 ms.
// BENCH_PROFILE=pulse also samples the page's JavaScript in the loaded phase and prints its top self time.
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { startApp } from "./lib/app";
import { launchChromium, withoutSharedWorker } from "./lib/browser";
import { profiling, startPageProfile, stopPageProfile } from "./lib/profile";
import { figure, pick, type Target } from "./lib/report";

const app = await startApp();
const BASE = app.base;
const CONTROL = app.sim;
const SECONDS = Number(process.env.BENCH_SECONDS ?? pick(60, 5));
const TARGET_PER_SEC = Number(process.env.BENCH_DELTAS ?? 80);
const CHAIN = "evm:8453";

interface Phase {
  name: string;
  fpsMedian: number;
  /** rAF frames over 50 ms. */
  longFrames: number;
  heapGrowthMb: number;
  deltasPerSec: number;
  driven: number;
  longTasks: number;
  over100: number;
  maxMs: number;
  blockedMs: number;
  cpuMs: number;
  /** CPU time of the renderer and GPU processes (SystemInfo.getProcessInfo): what the page really cost. */
  rendererCpuMs: number;
  gpuCpuMs: number;
}

async function processCpu(browser: Browser): Promise<{ renderer: number; gpu: number }> {
  const s = await browser.newBrowserCDPSession();
  const { processInfo } = (await s.send("SystemInfo.getProcessInfo")) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  await s.detach();
  const sum = (type: string) => processInfo.filter((p) => p.type === type).reduce((a, p) => a + p.cpuTime * 1000, 0);
  return { renderer: sum("renderer"), gpu: sum("GPU") + sum("gpu") };
}

async function control(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${CONTROL}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: unknown };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json.data ?? json;
}

async function boardTokens(): Promise<string[]> {
  const out: string[] = [];
  for (const view of ["new", "bonding"]) {
    const res = await fetch(`${BASE}/api/v1/pulse?view=${view}&chains=${CHAIN}&limit=60`);
    const { data } = (await res.json()) as { data: { address: string }[] };
    out.push(...data.map((t) => t.address));
  }
  return out;
}

/** Fires scenario actions at `perSec` (trades on tokens on the board, a launch every tenth) until `stop`. */
function driveMarket(perSec: number, tokens: string[]): { stop(): Promise<number> } {
  let sent = 0;
  let inFlight = 0;
  let i = 0;
  const pending = new Set<Promise<unknown>>();
  const timer = setInterval(() => {
    if (inFlight >= 40) return;
    const n = i++;
    const action =
      n % 10 === 9 || tokens.length === 0
        ? { action: "launch", chain: CHAIN }
        : { action: "trade", chain: CHAIN, address: tokens[n % tokens.length], side: "buy", usd: 25 };
    inFlight++;
    const p = control("/__control/scenario", action)
      .then(() => sent++)
      .catch(() => {}) // a token that just migrated refuses trades for a moment: skip it
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  }, 1000 / perSec);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return sent;
    },
  };
}

function countPulseDeltas(page: Page): { take(): number } {
  let n = 0;
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      if (
        typeof payload === "string" &&
        payload.includes('"channel":"pulse"') &&
        !payload.includes('"kind":"snapshot"')
      )
        n++;
    }),
  );
  return {
    take() {
      const v = n;
      n = 0;
      return v;
    },
  };
}

async function measure(
  browser: Browser,
  page: Page,
  name: string,
  deltas: { take(): number },
  drive?: () => { stop(): Promise<number> },
): Promise<Phase> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const cpu = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return (metrics.find((m) => m.name === "TaskDuration")?.value ?? 0) * 1000;
  };
  await page.evaluate(() => {
    (window as unknown as { __lt: number[] }).__lt.length = 0;
  });
  deltas.take();
  const cpu0 = await cpu();
  const proc0 = await processCpu(browser);
  await page.addScriptTag({ path: fileURLToPath(new URL("./chart/frames-page.js", import.meta.url)) });
  const heap = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    return ((await cdp.send("Runtime.getHeapUsage")) as { usedSize: number }).usedSize / 2 ** 20;
  };
  const heap0 = await heap();
  const profile = drive && profiling("pulse");
  if (profile) await startPageProfile(cdp);
  const driver = drive?.();
  const frames = (await page.evaluate(`window.__recordFrames(${SECONDS * 1000})`)) as number[];
  const driven = driver ? await driver.stop() : 0;
  if (profile) console.log(await stopPageProfile(cdp, "pulse-board-loaded"));
  const heap1 = await heap();
  const fps: number[] = [];
  let acc = 0;
  let count = 0;
  for (const d of frames) {
    acc += d;
    count++;
    if (acc >= 1000) {
      fps.push((count * 1000) / acc);
      acc = 0;
      count = 0;
    }
  }
  fps.sort((a, b) => a - b);
  const n = deltas.take();
  const cpuMs = (await cpu()) - cpu0;
  const proc1 = await processCpu(browser);
  const lt = await page.evaluate(() => (window as unknown as { __lt: number[] }).__lt.slice());
  await cdp.detach();
  return {
    name,
    fpsMedian: fps[Math.floor(fps.length / 2)] ?? 0,
    longFrames: frames.filter((d) => d > 50).length,
    heapGrowthMb: heap1 - heap0,
    deltasPerSec: n / SECONDS,
    driven: driven / SECONDS,
    longTasks: lt.length,
    over100: lt.filter((d) => d > 100).length,
    maxMs: Math.max(0, ...lt),
    blockedMs: lt.reduce((a, d) => a + (d - 50), 0),
    cpuMs,
    rendererCpuMs: proc1.renderer - proc0.renderer,
    gpuCpuMs: proc1.gpu - proc0.gpu,
  };
}

async function main() {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // The deltas are counted on the page's own stream socket.
  await withoutSharedWorker(context);
  await context.addInitScript(() => {
    const w = window as unknown as { __lt: number[] };
    w.__lt = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lt.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  const deltas = countPulseDeltas(page);
  const phases: Phase[] = [];

  await page.goto(`${BASE}/watchlist`, { waitUntil: "domcontentloaded" });
  await page.waitForTimeout(pick(3000, 1000));
  phases.push(await measure(browser, page, "idle page (/watchlist)", deltas));

  await page.goto(`${BASE}/pulse?chains=${CHAIN}&new.limit=100&bonding.limit=100`, { waitUntil: "domcontentloaded" });
  await page.getByRole("main").getByRole("status").filter({ hasText: "Live" }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(pick(3000, 1000));
  phases.push(await measure(browser, page, "board, market's own pace", deltas));

  const tokens = await boardTokens();
  phases.push(
    await measure(browser, page, `board + ${TARGET_PER_SEC} actions/s`, deltas, () =>
      driveMarket(TARGET_PER_SEC, tokens),
    ),
  );
  await browser.close();
  await app.stop();

  const base = phases[1] as Phase;
  const rows = phases.map((p) => [
    p.name,
    p.deltasPerSec.toFixed(1),
    p.driven.toFixed(1),
    String(p.longTasks),
    String(p.over100),
    p.maxMs.toFixed(0),
    p.blockedMs.toFixed(0),
    p.cpuMs.toFixed(0),
    `${((p.rendererCpuMs / (SECONDS * 1000)) * 100).toFixed(0)}%`,
    `${((p.gpuCpuMs / (SECONDS * 1000)) * 100).toFixed(0)}%`,
    base.rendererCpuMs > 0 ? `${(p.rendererCpuMs / base.rendererCpuMs).toFixed(2)}x` : "-",
  ]);
  const head = [
    "phase",
    "pulse deltas/s",
    "driven/s",
    "long tasks",
    ">100ms",
    "max ms",
    "blocked ms",
    "task ms",
    "renderer CPU",
    "GPU CPU",
    "CPU vs own pace",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  const load = (await import("node:os")).loadavg()[0]?.toFixed(1);
  console.log(`Pulse board, ${SECONDS} s per phase, Chromium 1440x900, machine load average ${load}`);
  console.log("(task ms and long tasks are wall time: on a saturated machine they stretch; CPU columns do not)");
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  const loaded = phases[2] as Phase;
  const label = `pulse board at ${TARGET_PER_SEC} market actions/s (${loaded.deltasPerSec.toFixed(0)} pulse deltas/s)`;
  /** The loaded phase's figure against the same figure at the market's own pace. */
  const versus = (id: string, what: string, of: (p: Phase) => number, unit: string, target?: Target, note?: string) =>
    figure({
      id: `board.${id}`,
      label: `${label}, ${what}`,
      value: of(loaded),
      unit,
      baseline: { label: "board at the market's own pace", value: of(base) },
      target,
      note,
    });
  versus("fps-median", "median fps", (p) => p.fpsMedian, "fps", { of: "value", op: ">=", limit: 58 });
  versus(
    "long-frames",
    `frames over 50 ms in ${SECONDS} s`,
    (p) => p.longFrames,
    "frames",
    { of: "value", op: "<=", limit: 0 },
    `${loaded.longTasks} long tasks, worst ${loaded.maxMs.toFixed(0)} ms`,
  );
  versus("heap-growth", `heap growth after GC over ${SECONDS} s`, (p) => p.heapGrowthMb, "MB", {
    of: "value",
    op: "<",
    limit: 10,
  });
  versus("renderer-cpu", "renderer CPU", (p) => (p.rendererCpuMs / (SECONDS * 1000)) * 100, "% of a core");
}

main().catch(async (e) => {
  console.error(e);
  await app.stop();
  process.exit(1);
});
