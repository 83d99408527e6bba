// Page weight and first paint of the production build, per route:
//  - First Load JS: every script the server-rendered HTML of the route loads (its <script src> tags), gzip-compressed
//    at the level the server uses, against the shared framework chunks every route loads (the baseline);
//    target ≤ 120 kB on every route (the board at / and /pulse, the token, wallet, watchlist and credits pages, and
//    /tracker and /charts once they exist). A bare Next 16 app (one page, one client component) loads ~135 kB here:
//    react-dom ~72 kB and Next's app router ~50 kB, so the target sits below the framework's own floor (docs/bench.md);
//  - HTML of each route as served, gzip-compressed at the default level, against the
//    not-found page (the bare shell); target ≤ 64 kB for the board, whose cards and dehydrated lists are most of it;
//  - LCP of the token page on loopback with the CPU throttled 4× in Chromium (target ≤ 1.0 s), next to the LCP of a
//    static page of the same site (/api/health rendered as text: the floor of the machine and browser).
// Run: node_modules/.bin/tsx bench/page-weight.ts [--quick]
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { appPages, BENCH_DIST, root, startApp } from "./lib/app";
import { launchChromium } from "./lib/browser";
import { figure, pick } from "./lib/report";

const LIMIT_KB = 120;
/** The board's server-rendered HTML (cards of the first screenful, their lists dehydrated), gzip. */
const BOARD_HTML_LIMIT_KB = 64;
const LCP_RUNS = pick(5, 2);

/** The scripts a modern browser loads for the HTML (`noModule` polyfills are skipped by it, so not counted). */
function scriptsOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1];
    const src = /\bsrc="([^"]+\.js[^"]*)"/.exec(attrs)?.[1];
    if (src && !/\bnomodule\b/i.test(attrs)) out.add(src.replace(/&amp;/g, "&"));
  }
  return [...out];
}

/** A figure id part of a route name ("/" is the home page). */
const slug = (name: string) => (name === "/" ? "home" : name.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, ""));

const gz = new Map<string, number>();
/** gzip size of a built static file, read from the build directory. */
function gzipBytes(src: string): number {
  const path = new URL(src, "http://x").pathname;
  const cached = gz.get(path);
  if (cached !== undefined) return cached;
  const file = join(root, BENCH_DIST, path.replace(/^\/_next\//, ""));
  if (!existsSync(file)) throw new Error(`script ${path} is not in the build (${file})`);
  const n = gzipSync(readFileSync(file)).length;
  gz.set(path, n);
  return n;
}

async function main() {
  const app = await startApp();
  try {
    const routes = await appPages(app);
    const perRoute: Record<string, string[]> = {};
    const html: Record<string, string> = {};
    for (const [name, path] of Object.entries(routes)) {
      const res = await fetch(`${app.base}${path}`);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      html[name] = await res.text();
      perRoute[name] = scriptsOf(html[name]);
    }
    const shellRes = await fetch(`${app.base}/no-such-page`);
    const shellKb = gzipSync(Buffer.from(await shellRes.text())).length / 1000;
    console.log(
      `\nHTML as served (gzip at the default level; raw), against the not-found page (the shell, ${shellKb.toFixed(1)} kB):`,
    );
    for (const [name, text] of Object.entries(html)) {
      const kb = gzipSync(Buffer.from(text)).length / 1000;
      const rawKb = Buffer.byteLength(text) / 1000;
      console.log(`  ${name.padEnd(12)} ${kb.toFixed(1).padStart(7)} kB gzip; ${rawKb.toFixed(0).padStart(5)} kB raw`);
      figure({
        id: `html.${slug(name)}`,
        label: `server-rendered HTML, ${name}`,
        value: kb,
        unit: "kB gzip",
        baseline: { label: "the not-found page (shell)", value: shellKb },
        ...(name === "/pulse"
          ? { target: { of: "value" as const, op: "<=" as const, limit: BOARD_HTML_LIMIT_KB } }
          : {}),
        note: `${rawKb.toFixed(0)} kB raw`,
      });
    }
    // The chunks every route loads: the framework and the app shell.
    const lists = Object.values(perRoute);
    const shared = lists[0].filter((s) => lists.every((l) => l.includes(s)));
    const sharedKb = shared.reduce((a, s) => a + gzipBytes(s), 0) / 1000;
    console.log(
      `\nFirst Load JS (gzip) from ${BENCH_DIST}; shared by every route: ${sharedKb.toFixed(1)} kB in ${shared.length} files:`,
    );
    console.log(
      `  ${[...shared]
        .sort((a, b) => gzipBytes(b) - gzipBytes(a))
        .map((s) => `${s.split("/").pop()} ${(gzipBytes(s) / 1000).toFixed(1)}`)
        .join(", ")}`,
    );
    for (const [name, scripts] of Object.entries(perRoute)) {
      const kb = scripts.reduce((a, s) => a + gzipBytes(s), 0) / 1000;
      const own = scripts.filter((s) => !shared.includes(s));
      const biggest = [...own]
        .sort((a, b) => gzipBytes(b) - gzipBytes(a))
        .slice(0, 3)
        .map((s) => `${s.split("/").pop()} ${(gzipBytes(s) / 1000).toFixed(1)} kB`);
      console.log(
        `  ${name.padEnd(12)} ${kb.toFixed(1).padStart(7)} kB in ${scripts.length} files; largest own: ${biggest.join(", ")}`,
      );
      figure({
        id: `first-load-js.${slug(name)}`,
        label: `First Load JS, ${name}`,
        value: kb,
        unit: "kB gzip",
        baseline: { label: "chunks shared by every route", value: sharedKb },
        target: { of: "value", op: "<=", limit: LIMIT_KB },
      });
    }

    const browser = await launchChromium();
    try {
      const lcp = async (path: string) => {
        const xs: number[] = [];
        for (let i = 0; i < LCP_RUNS + 1; i++) {
          const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
          await page.addInitScript(() => {
            const w = window as unknown as { __lcp: number };
            w.__lcp = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) w.__lcp = e.startTime;
            }).observe({ type: "largest-contentful-paint", buffered: true });
          });
          await page.goto(`${app.base}${path}`, { waitUntil: "load" });
          await page.waitForTimeout(1500);
          const v = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
          if (i > 0) xs.push(v); // the first load warms the server's caches and compiled routes
          await context.close();
        }
        xs.sort((a, b) => a - b);
        return xs[Math.floor(xs.length / 2)] ?? Number.NaN;
      };
      const floor = await lcp("/api/health");
      const tokenLcp = await lcp(routes["token page"]);
      figure({
        id: "lcp.token",
        label: "LCP of the token page, loopback, CPU throttled 4×",
        value: tokenLcp > 0 ? tokenLcp : null,
        unit: "ms",
        baseline: { label: "a plain text answer of the same server", value: floor },
        target: { of: "value", op: "<=", limit: 1_000 },
        note: `median of ${LCP_RUNS} loads after a warm-up load`,
      });
    } finally {
      await browser.close();
    }
  } finally {
    await app.stop();
  }
}

await main();
