import { CHECKS, selectChecks } from "./checks";
import { brokenVariant, startSystem } from "./harness";

// `npm run test:system`: the whole system as deployed (the app in remote mode on the standalone market), probed as an
// attacker and an operator would. Each check has a time bound; one line per check with its figures, then a summary.

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
  const { checks, unknown } = selectChecks(CHECKS, only);
  if (unknown.length || checks.length === 0) {
    console.error(
      `No check is named ${unknown.map((u) => JSON.stringify(u)).join(", ") || "(none selected)"}. The checks:\n${CHECKS.map((c) => `  ${c.name}`).join("\n")}`,
    );
    console.log("\nsystem: 0 passed, 1 failed (unknown check name)");
    process.exit(1);
  }
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
