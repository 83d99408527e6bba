import { type Check, CHECKS, type Lane, selectChecks } from "./checks";
import { brokenVariant, startSystem, type System } from "./harness";

// `npm run test:system`: the whole system as deployed (the app in remote mode on the standalone market), probed as an
// attacker and an operator would. Each check has a time bound; one line per check with its figures, then a summary.
// The fault checks run beside the others on a second app and market of their own (checks.ts, `Lane`).

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Result = { name: string; ok: boolean };

/** Runs checks in order on one system, printing a line for each as it ends. */
async function runLane(checks: Check[], sys: System, all: System[], results: Result[]): Promise<void> {
  for (const c of checks) {
    const t0 = performance.now();
    try {
      const figures = await within(c.budgetMs, c.run(sys, all));
      results.push({ name: c.name, ok: true });
      console.log(`  ✓ ${c.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n      ${figures}`);
    } catch (error) {
      results.push({ name: c.name, ok: false });
      console.log(
        `  ✗ ${c.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n      ${(error as Error).message}`,
      );
    }
  }
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
  const lane = (l: Lane) => checks.filter((c) => c.lane === l);
  const [main, faults, alone] = [lane("main"), lane("faults"), lane("alone")];
  const started = performance.now();
  const two = faults.length > 0 && main.length + alone.length > 0;
  console.log(
    `Starting the market (npm run sim) and the app in remote mode (npm start)${two ? ", twice (the fault checks get their own)" : ""}…`,
  );
  const systems = await Promise.all(Array.from({ length: two ? 2 : 1 }, () => startSystem()));
  const [first, second = first] = systems;
  for (const sys of systems)
    console.log(
      `  app ${sys.appUrl} (pid ${sys.appPid}), market ${sys.simUrl}; up in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  const results: Result[] = [];
  const checksStarted = performance.now();
  try {
    await Promise.all([runLane(main, first, systems, results), runLane(faults, second, systems, results)]);
    await runLane(alone, first, systems, results);
  } finally {
    await Promise.all(systems.map((s) => s.stop()));
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
