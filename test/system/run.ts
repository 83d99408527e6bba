import { badInput } from "./bad-input";
import { brokenVariant, type System, startSystem } from "./harness";
import { hostileMetadata } from "./hostile-metadata";
import { findKey, keySecrecy } from "./key-secrecy";
import { slowConsumer } from "./slow-consumer";
import { soak } from "./soak";
import { ssrf } from "./ssrf";
import { streamChaos } from "./stream-chaos";
import { upstreamFaults } from "./upstream-faults";
import { check } from "./util";

// `npm run test:system`: the whole system as deployed (the app in remote mode on the standalone market), probed as an
// attacker and an operator would. Each check has a time bound; one line per check with its figures, then a summary.

interface Check {
  name: string;
  budgetMs: number;
  run(sys: System): Promise<string>;
}

const CHECKS: Check[] = [
  // First, while nothing else talks to the market: the bad-input check counts the market's requests.
  { name: "bad input: no 5xx, JSON errors, no upstream call", budgetMs: 120_000, run: badInput },
  { name: "SSRF and path corpus", budgetMs: 60_000, run: ssrf },
  { name: "key secrecy", budgetMs: 120_000, run: keySecrecy },
  { name: "hostile metadata in a real browser", budgetMs: 90_000, run: hostileMetadata },
  { name: "upstream faults: errors, latency, hangs", budgetMs: 120_000, run: upstreamFaults },
  { name: "slow consumer: paused clients at a high rate", budgetMs: 90_000, run: slowConsumer },
  { name: "stream chaos: upstream connections dropped 12 times", budgetMs: 150_000, run: streamChaos },
  { name: "soak: 100 clients, pages and API, 3 min", budgetMs: 320_000, run: (sys) => soak(sys) },
  {
    name: "server logs never carry the key",
    budgetMs: 5_000,
    run: async (sys) => {
      const text = sys.logs.join("");
      check(!findKey(text, sys.key), "the key is in the server's logs");
      return `${(text.length / 1024).toFixed(0)} KiB of logs from the whole run: 0 occurrences`;
    },
  },
];

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function main() {
  const broken = brokenVariant();
  const only = broken ? [broken.check] : process.argv.slice(2);
  const checks = only.length ? CHECKS.filter((c) => only.some((o) => c.name.startsWith(o))) : CHECKS;
  if (broken) console.log(`BROKEN VARIANT ${broken.name}: ${broken.defect}. The "${broken.check}" check must fail.`);
  const started = performance.now();
  console.log("Starting the market (npm run sim) and the app in remote mode (npm start)…");
  const sys = await startSystem();
  console.log(
    `  app ${sys.appUrl} (pid ${sys.appPid}), market ${sys.simUrl}; up in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const results: { name: string; ok: boolean }[] = [];
  const checksStarted = performance.now();
  try {
    for (const c of checks) {
      const t0 = performance.now();
      try {
        const figures = await within(c.budgetMs, c.run(sys));
        results.push({ name: c.name, ok: true });
        console.log(`  ✓ ${c.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n      ${figures}`);
      } catch (error) {
        results.push({ name: c.name, ok: false });
        console.log(
          `  ✗ ${c.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n      ${(error as Error).message}`,
        );
      }
    }
  } finally {
    await sys.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  const total = (performance.now() - started) / 1000;
  const inChecks = (performance.now() - checksStarted) / 1000;
  console.log(
    `\nsystem: ${results.length - failed} passed, ${failed} failed (${inChecks.toFixed(0)} s of checks, ${total.toFixed(0)} s in all)`,
  );
  process.exit(failed ? 1 : 0);
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
