// `npm run fleet [-- --port 8080 --instances 3 --seed 42]`: the several-instance deployment on loopback for a demo —
// redis-server, the standalone embedded market, N app instances in fleet mode and nginx in front (README "Run
// several instances"). Builds first when the build is stale. Ctrl-C ends every process it started.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { buildIsStale } from "./build-stale.mjs";
import { launchFleet } from "./fleet/launch";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8080" },
    instances: { type: "string", default: "3" },
    seed: { type: "string", default: "42" },
  },
});
const port = Number(values.port);
const instances = Number(values.instances);
const seed = Number(values.seed);
if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error("--port must be a port number");
if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error("--instances must be 1-16");
if (!Number.isInteger(seed)) throw new Error("--seed must be an integer");

if (buildIsStale(".next")) {
  console.log("Building the app (next build)…");
  const built = spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log(`Starting redis-server, the embedded market, ${instances} app instances and nginx…`);
const fleet = await launchFleet({ instances, port, seed });
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
