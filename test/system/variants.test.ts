import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hostAllowed } from "@/lib/server/image/fetch-image";
import { loadConfig, loadSimConfig } from "@/lib/server/config";
import { parseCliOptions } from "@/lib/sim/cli-options";
import { CHECKS, selectChecks } from "./checks";
import { BROKEN_VARIANTS, brokenVariant, DEFECTS_DIR, variantAppEnv } from "./harness";
import { hostilePageProblems } from "./hostile-metadata";
import { findKey } from "./key-secrecy";
import { EVICT_WITHIN_MS } from "./slow-consumer";
import { MIN_REQUESTS, soakVerdict } from "./soak";
import { MAX_MS } from "./upstream-faults";

// Every system check can go red: each has a SYSTEM_BREAK variant that selects it alone, and the defect that variant
// starts the system with produces what the check's verdict rejects. Cheap: the settings are read as the app reads
// them, the market's options as it parses them, and each preloaded defect runs in a small node server here.

const variants = Object.entries(BROKEN_VARIANTS);

describe("SYSTEM_BREAK variants", () => {
  it("every check has exactly one variant, and each variant selects exactly one check", () => {
    for (const [name, v] of variants) {
      const { checks, unknown } = selectChecks(CHECKS, [v.check]);
      expect(unknown, name).toEqual([]);
      expect(checks, name).toHaveLength(1);
    }
    for (const c of CHECKS) {
      const covering = variants.filter(([, v]) => c.name.startsWith(v.check));
      expect(
        covering.map(([n]) => n),
        c.name,
      ).toHaveLength(1);
    }
  });

  it("a run asking for an unknown check or variant fails instead of running nothing", () => {
    expect(selectChecks(CHECKS, ["no such check"])).toMatchObject({ unknown: ["no such check"] });
    expect(selectChecks(CHECKS, ["soak", "nope"]).unknown).toEqual(["nope"]);
    expect(selectChecks(CHECKS, []).checks).toHaveLength(CHECKS.length);
    const saved = process.env.SYSTEM_BREAK;
    process.env.SYSTEM_BREAK = "nope";
    try {
      expect(() => brokenVariant()).toThrow(/not one of/);
    } finally {
      if (saved === undefined) delete process.env.SYSTEM_BREAK;
      else process.env.SYSTEM_BREAK = saved;
    }
  });

  it("bad-input: the market answers every REST call 503, which the check counts as a 5xx", () => {
    const o = parseCliOptions(BROKEN_VARIANTS["bad-input"].market ?? [], loadSimConfig({}));
    expect(o.faults?.restErrorRate).toBe(1);
  });

  it("stream-chaos: the market skips 30 % of its pulse deltas", () => {
    const o = parseCliOptions(BROKEN_VARIANTS["stream-chaos"].market ?? [], loadSimConfig({}));
    expect(o.faults?.streamSkipDeltaRate).toBe(0.3);
  });

  it("ssrf: the app's image route then allows any public host, which the corpus's off-list hosts must not reach", () => {
    const clean = loadConfig({} as NodeJS.ProcessEnv).image.extraHosts;
    const broken = loadConfig({ ...BROKEN_VARIANTS.ssrf.app } as NodeJS.ProcessEnv).image.extraHosts;
    expect(hostAllowed("attacker.example", clean)).toBe(false);
    expect(hostAllowed("attacker.example", broken)).toBe(true);
  });

  it("upstream-faults: a hung upstream then holds a request past the check's bound", () => {
    const cfg = loadConfig({ ...BROKEN_VARIANTS["upstream-faults"].app } as NodeJS.ProcessEnv);
    expect(loadConfig({} as NodeJS.ProcessEnv).proxy.upstreamTimeoutMs).toBeLessThanOrEqual(MAX_MS);
    expect(cfg.proxy.upstreamTimeoutMs).toBeGreaterThan(MAX_MS);
  });

  it("slow-consumer: a paused client is then closed long after the check's window", () => {
    const cfg = loadConfig({ ...BROKEN_VARIANTS["slow-consumer"].app } as NodeJS.ProcessEnv);
    expect(loadConfig({} as NodeJS.ProcessEnv).streamBrowser.maxReadLagMs).toBeLessThan(EVICT_WITHIN_MS);
    expect(cfg.streamBrowser.maxReadLagMs).toBeGreaterThan(EVICT_WITHIN_MS);
  });
});

// A small HTTP server (an HTML page, a JSON answer) run with a variant's environment, defect preloaded.
const SERVER = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  if (req.url === "/page") { res.setHeader("content-type", "text/html; charset=utf-8"); res.end("<!doctype html><html><body><h1>TOKEN</h1></body></html>"); return; }
  res.setHeader("content-type", "application/json"); res.end(JSON.stringify({ ok: true }));
});
server.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));
`;
const KEY = "sys+unit-test-key-0123456789abcdef/k=";
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

async function serve(variant: string | undefined) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MARKET_API_KEY: KEY,
    ...variantAppEnv(variant ? BROKEN_VARIANTS[variant] : undefined, ""),
  };
  if (!variant) delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["-e", SERVER], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (c: Buffer) => {
      out += c;
      const m = out.match(/LISTENING (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, output: () => out };
}

async function rssKb(pid: number) {
  return Number((await readFile(`/proc/${pid}/status`, "utf8")).match(/VmRSS:\s+(\d+)/)?.[1]);
}

describe("SYSTEM_BREAK defects preloaded into the app", () => {
  it("every preload exists", async () => {
    for (const [, v] of variants)
      if (v.preload) await expect(readFile(join(DEFECTS_DIR, v.preload))).resolves.toBeTruthy();
  });

  it("key-secrecy: an answer's headers then carry the key, which the check finds", async () => {
    for (const [variant, leaks] of [
      [undefined, false],
      ["key-secrecy", true],
    ] as const) {
      const s = await serve(variant);
      const res = await fetch(`${s.url}/api`);
      expect(Boolean(findKey(JSON.stringify([...res.headers]), KEY)), String(variant)).toBe(leaks);
    }
  });

  it("server-logs: the server's output then carries the key, which the check finds", async () => {
    const clean = await serve(undefined);
    const broken = await serve("server-logs");
    expect(findKey(clean.output(), KEY)).toBeUndefined();
    expect(findKey(broken.output(), KEY)).toBeTruthy();
  });

  it("hostile-metadata: a page then carries an element with an inline handler, which the check's verdict rejects", async () => {
    const token = { name: "Plain", symbol: "PLN" };
    const dom = (html: string) => ({
      ran: false,
      hrefs: [],
      handlers: [...html.matchAll(/<(\w+)[^>]*\s(on\w+)=/g)].map((m) => `${m[1].toUpperCase()} ${m[2]}`),
      texts: [],
      warnings: 0,
    });
    const clean = await (await fetch(`${(await serve(undefined)).url}/page`)).text();
    const broken = await (await fetch(`${(await serve("hostile-metadata")).url}/page`)).text();
    expect(hostilePageProblems("/page", dom(clean), token).problems).toEqual([]);
    expect(broken).toContain("<h1>TOKEN</h1>");
    expect(hostilePageProblems("/page", dom(broken), token).problems.join()).toMatch(/inline handlers IMG onerror/);
  });

  it("soak: the server then keeps ≥ 40 KB a request, so the soak's requests pass its memory bound", async () => {
    const s = await serve("soak");
    const before = await rssKb(s.pid);
    const n = 400;
    for (let i = 0; i < n; i++) await (await fetch(`${s.url}/api`)).arrayBuffer();
    const perRequestKb = ((await rssKb(s.pid)) - before) / n;
    expect(perRequestKb).toBeGreaterThan(40);
    const growthMb = (perRequestKb * MIN_REQUESTS) / 1024;
    expect(soakVerdict({ requests: MIN_REQUESTS, errors: [], growthMb, memory: "enforce" })).toMatchObject({
      ok: false,
    });
    expect(soakVerdict({ requests: MIN_REQUESTS, errors: [], growthMb: 0, memory: "enforce" }).ok).toBe(true);
    expect(soakVerdict({ requests: MIN_REQUESTS - 1, errors: [], growthMb: 0, memory: "enforce" }).ok).toBe(false);
  });
});
