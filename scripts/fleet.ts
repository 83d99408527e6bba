// `npm run fleet [-- --port 8080 --instances 3 --seed 42 …]` (`--help` lists the options): the several-instance deployment on loopback for a demo —
// redis-server, the standalone embedded market, N app instances in fleet mode and nginx in front (README "Run
// several instances"). Builds first when the build is stale. Ctrl-C ends every process it started.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { buildIsStale } from "./build-stale.mjs";
import { launchFleet } from "./fleet/launch";

const USAGE = `npm run fleet [-- options]

The several-instance deployment on loopback: redis-server, the standalone market, N app instances in fleet mode and
nginx in front of them. Builds first when the build is stale. Ctrl-C stops every process it started.

Options:
  --port <n>          nginx's port, the fleet's address (default 8080)
  --instances <n>     app instances, 1-16 (default 3)
  --seed <n>          the market's seed (default 42)
  --redis-port <n>    redis-server's port (default: a free one)
  --market-port <n>   the market's port (default: a free one)
  --base-port <n>     the first app instance's port; the others follow it (default: free ones)
  -h, --help          print this and exit
`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string", default: "8080" },
      instances: { type: "string", default: "3" },
      seed: { type: "string", default: "42" },
      "redis-port": { type: "string" },
      "market-port": { type: "string" },
      "base-port": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const portOption = (name: string): number | undefined => {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65_535) fail(`--${name} must be a port number (1-65535), got ${raw}`);
  return n;
};
const port = portOption("port") as number;
const instances = Number(values.instances);
const seed = Number(values.seed);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) fail("--instances must be 1-16");
if (!Number.isInteger(seed)) fail("--seed must be an integer");
const redisPort = portOption("redis-port");
const marketPort = portOption("market-port");
const basePort = portOption("base-port");
if (basePort !== undefined && basePort + instances - 1 > 65_535) fail("--base-port leaves no room for every instance");
const taken = [
  port,
  redisPort,
  marketPort,
  ...(basePort === undefined ? [] : Array.from({ length: instances }, (_, i) => basePort + i)),
].filter((p): p is number => p !== undefined);
if (new Set(taken).size !== taken.length) fail(`two services would share a port: ${taken.join(", ")}`);

if (buildIsStale(".next")) {
  console.log("Building the app (next build)…");
  const built = spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log(`Starting redis-server, the embedded market, ${instances} app instances and nginx…`);
const fleet = await launchFleet({ instances, port, seed, redisPort, marketPort, basePort });
console.log(`\nFleet ready: ${fleet.url}  (nginx → ${fleet.apps.map((a) => a.url).join(", ")})`);
console.log(`  redis      ${fleet.redis.url}`);
console.log(`  market     ${fleet.market.url}`);
console.log("  Ctrl-C stops everything.\n");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the fleet…");
  await fleet.stop();
  console.log("Stopped.");
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
