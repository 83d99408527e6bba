import { mkdirSync, writeFileSync } from "node:fs";
import type { CDPSession } from "@playwright/test";

// CPU profiles that explain a missed target: a V8 profile (a node child's `--cpu-prof` file, or a page's JavaScript
// sampled through the DevTools protocol) summed into self time per function. Opt-in with BENCH_PROFILE=<name>
// (sampling costs the page some speed, so profiled runs are for diagnosis, not for the figures).

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

/** Whether BENCH_PROFILE asks for this benchmark's profile. */
export function profiling(name: string): boolean {
  return (process.env.BENCH_PROFILE ?? "").split(",").includes(name);
}

/** The `n` functions with the most self time, one line each: share of samples, name, file:line. */
export function topSelf(prof: CpuProfile, n = 12): string {
  const byId = new Map(prof.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (const id of prof.samples) {
    const cf = byId.get(id)?.callFrame;
    const name = cf
      ? `${cf.functionName || "(anonymous)"} ${cf.url ? `${cf.url.split("/").slice(-2).join("/")}:${cf.lineNumber}` : ""}`
      : "?";
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const total = Math.max(1, prof.samples.length);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `    ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k.trim()}`)
    .join("\n");
}

/** Starts sampling a page's JavaScript (every 250 µs). */
export async function startPageProfile(cdp: CDPSession): Promise<void> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Profiler.start");
}

/** Stops sampling, writes `bench/results/<name>.cpuprofile` (open it in DevTools) and returns its top self time. */
export async function stopPageProfile(cdp: CDPSession, name: string): Promise<string> {
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
  await cdp.send("Profiler.disable");
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${name}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  return `  page JavaScript self time (${file}):\n${topSelf(profile)}`;
}
