// Token page benchmark in Chromium, side by side in one run:
//  1. lightweight-charts alone: setData of 50k bars (vs 5k bars and a plain copy of the 50k), per-tick update cost
//     (on 50k and 5k bars, and on the most bars a token chart holds);
//  2. the token page idle (the market's own pace) vs the same page under 1,000 trades/s injected into its stream:
//     fps, frames over 50 ms, heap growth after GC, script time.
// Targets (load phase): 0 frames over 50 ms, median fps ≥ 58, heap growth < 10 MB.
// Run: node_modules/.bin/tsx bench/chart.ts   [--quick] [BENCH_SECONDS=60] [BENCH_RATE=1000]
// BENCH_PROFILE=chart also samples the page's JavaScript in the load phase and prints its top self time;
// BENCH_TRACE=<file.json> records a performance trace of the load phase.
// It serves the production build (bench/lib/app.ts: server.ts on free loopback ports, embedded market).
import { loadavg } from "node:os";
import { MAX_BARS } from "@/lib/client/stream/reducers/candles";
import { runAppVsLib } from "./chart/app-vs-lib";
import { measurePhase, type PhaseResult, routeStream } from "./chart/load";
import { runMicro } from "./chart/micro";
import { root, startApp } from "./lib/app";
import { launchChromium, withoutSharedWorker } from "./lib/browser";
import { profiling, startPageProfile, stopPageProfile } from "./lib/profile";
import { figure, pick } from "./lib/report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? pick(60, 6));
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 50);
const LIB = `${root}node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js`;

const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

function printPhases(rows: PhaseResult[]) {
  console.log("\nToken page, %d s per phase (rAF frames in headless Chromium):", SECONDS);
  console.log("phase        trades/s   frames   fps med    fps p5  frames>50ms  worst ms   heap Δ MB  script s/s");
  for (const r of rows)
    console.log(
      `${r.name.padEnd(12)}${fmt(r.injectedTrades / r.seconds, 0)}${fmt(r.frames, 0)}${fmt(r.fpsMedian)}${fmt(r.fpsP5)}${fmt(r.longFrames, 0).padStart(13)}${fmt(r.worstFrameMs).padStart(10)}${fmt(r.heapEndMb - r.heapStartMb, 2).padStart(12)}${fmt(r.scriptSecPerSec, 3).padStart(12)}`,
    );
  const [idle, load] = rows;
  console.log(
    `load / idle: fps ×${(load.fpsMedian / idle.fpsMedian).toFixed(3)}, script time ×${(load.scriptSecPerSec / Math.max(1e-6, idle.scriptSecPerSec)).toFixed(1)}, long frames ${load.longFrames} vs ${idle.longFrames}`,
  );
  const ok = (b: boolean) => (b ? "met" : "NOT met");
  console.log(
    `targets (load): 0 frames > 50 ms — ${ok(load.longFrames === 0)}; median fps ≥ 58 — ${ok(load.fpsMedian >= 58)}; heap growth < 10 MB — ${ok(load.heapEndMb - load.heapStartMb < 10)}`,
  );
}

async function main() {
  const app = await startApp();
  const BASE = app.base;
  const SIM = app.sim;
  let inj: Awaited<ReturnType<typeof routeStream>> | null = null;
  const browser = await launchChromium(["--disable-background-timer-throttling", "--disable-renderer-backgrounding"]);
  try {
    console.log(
      `machine load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")} (2 shared cores)`,
    );
    const microPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const microRounds = pick(5, 2);
    const m = await runMicro(microPage, LIB, microRounds, MAX_BARS);
    await microPage.close();
    console.log(`\nlightweight-charts 5.2.1 (median of ${microRounds}):`);
    console.log(
      `  setData 50k bars      ${fmt(m.setData50kMs, 2)} ms   (first paint ${m.firstPaint50kMs.toFixed(1)} ms)`,
    );
    console.log(
      `  setData 5k bars       ${fmt(m.setData5kMs, 2)} ms   → 50k/5k ×${(m.setData50kMs / m.setData5kMs).toFixed(1)}`,
    );
    console.log(
      `  copy of 50k bars      ${fmt(m.copy50kMs, 2)} ms   → setData/copy ×${(m.setData50kMs / m.copy50kMs).toFixed(1)}`,
    );
    console.log(`  update forming bar    ${fmt(m.updateUs, 1)} µs   (candle + volume on 50k bars)`);
    console.log(
      `  update forming bar    ${fmt(m.updateSmallUs, 1)} µs   (on 5k bars) → 50k/5k ×${(m.updateUs / m.updateSmallUs).toFixed(1)}`,
    );
    console.log(`  update new bar        ${fmt(m.updateNewBarUs, 1)} µs   (append on 50k bars)`);
    console.log(
      `  update forming bar    ${fmt(m.updateCapUs, 1)} µs   (on ${MAX_BARS.toLocaleString("en-US")} bars: the most a token chart holds)`,
    );

    const cmpPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const cmp = await runAppVsLib(cmpPage, LIB, pick(7, 3));
    await cmpPage.close();
    console.log(
      `  setData 50k bars, candles + volume: library alone ${cmp.libMs.toFixed(1)} ms, the app's chart path ${cmp.appMs.toFixed(1)} ms (${cmp.bars} bars) → ×${(cmp.appMs / cmp.libMs).toFixed(2)}`,
    );
    console.log(
      `  the same with the library alone colouring each volume bar (as the app draws it): ${cmp.libColouredMs.toFixed(1)} ms → app ×${(cmp.appMs / cmp.libColouredMs).toFixed(2)}`,
    );

    const state = await (await fetch(`${SIM}/__control/state`)).json();
    const t = state.data.notable.baseToken as { chain: string; address: string };
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The injector routes the page's own stream socket.
    await withoutSharedWorker(page);
    inj = await routeStream(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(`${BASE}/token/${t.chain}/${t.address}?interval=1s`, { waitUntil: "load" });
    await page.getByTestId("trade-row").first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(pick(3000, 1000));
    const idle = await measurePhase(page, cdp, inj, "idle", SECONDS);
    inj.rate = RATE;
    inj.updates = UPDATES;
    await page.waitForTimeout(pick(3000, 1000));
    const profile = profiling("chart");
    if (profile) await startPageProfile(cdp);
    // BENCH_TRACE=<file.json>: a Chromium performance trace of the load phase (open it in DevTools' Performance panel).
    const trace = process.env.BENCH_TRACE;
    if (trace)
      await browser.startTracing(page, {
        path: trace,
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
      });
    const load = await measurePhase(page, cdp, inj, `${RATE}/s`, SECONDS);
    if (trace) await browser.stopTracing();
    if (profile) console.log(await stopPageProfile(cdp, "token-page-loaded"));
    inj.rate = 0;
    inj.updates = 0;
    printPhases([idle, load]);
    // Frames measured without the load say nothing of it: the figures below then miss.
    const loaded = load.injectedTrades >= RATE * SECONDS * 0.9 && load.injectedUpdates >= UPDATES * SECONDS * 0.9;
    if (!loaded)
      console.log(`  the load was not injected (${load.injectedTrades} trades, ${load.injectedUpdates} updates)`);
    figure({
      id: "lib.update-forming.50k",
      label: "lightweight-charts update() of the forming candle + volume, 50k bars",
      value: m.updateUs / 1000,
      unit: "ms",
      baseline: { label: "same on 5k bars", value: m.updateSmallUs / 1000 },
      target: { of: "value", op: "<=", limit: 1 },
    });
    figure({
      id: "lib.update-forming.app-bound",
      label: `lightweight-charts update() of the forming candle + volume, ${MAX_BARS.toLocaleString("en-US")} bars (a token chart's bound)`,
      value: m.updateCapUs / 1000,
      unit: "ms",
      baseline: { label: "same on 50k bars", value: m.updateUs / 1000 },
      note: "the token chart's series holds at most this many bars (lib/client/stream/reducers/candles.ts MAX_BARS)",
    });
    figure({
      id: "app.setData.50k",
      label: "the app's chart path, setData of 50k bars (candles + volume)",
      value: cmp.appMs,
      unit: "ms",
      baseline: { label: "lightweight-charts alone, same bars", value: cmp.libMs },
      target: { of: "ratio", op: "<=", limit: 1.1 },
    });
    figure({
      id: "app.setData.50k.vs-coloured",
      label: "the app's chart path, setData of 50k bars, against the library drawing the same coloured volume",
      value: cmp.appMs,
      unit: "ms",
      baseline: { label: "lightweight-charts alone, volume coloured per bar", value: cmp.libColouredMs },
      note: "what the app's own code adds; the target above is against uncoloured volume",
    });
    figure({
      id: "lib.setData.50k",
      label: "lightweight-charts setData, 50k bars",
      value: m.setData50kMs,
      unit: "ms",
      baseline: { label: "setData of 5k bars", value: m.setData5kMs },
    });
    figure({
      id: "token.fps-median",
      label: `token page, median fps at ${RATE} trades/s + ${UPDATES} token updates/s`,
      value: loaded ? load.fpsMedian : null,
      unit: "fps",
      baseline: { label: "same page idle", value: idle.fpsMedian },
      target: { of: "value", op: ">=", limit: 58 },
      note: `${load.injectedTrades} trades and ${load.injectedUpdates} token updates injected in ${SECONDS} s`,
    });
    figure({
      id: "token.long-frames",
      label: `token page, frames over 50 ms in ${SECONDS} s at ${RATE} trades/s + ${UPDATES} updates/s`,
      value: loaded ? load.longFrames : null,
      unit: "frames",
      baseline: { label: "same page idle", value: idle.longFrames },
      target: { of: "value", op: "<=", limit: 0 },
      note: `worst frame ${load.worstFrameMs.toFixed(0)} ms`,
    });
    figure({
      id: "token.heap-growth",
      label: `token page, heap growth after GC over ${SECONDS} s at ${RATE} trades/s + ${UPDATES} updates/s`,
      value: loaded ? load.heapEndMb - load.heapStartMb : null,
      unit: "MB",
      baseline: { label: "same page idle", value: idle.heapEndMb - idle.heapStartMb },
      target: { of: "value", op: "<", limit: 10 },
    });
  } finally {
    inj?.stop();
    await browser.close();
    await app.stop();
  }
}

await main();
