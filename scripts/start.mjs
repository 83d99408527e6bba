// `npm start`: build when the build directory is missing or older than the sources, then serve production through
// server.ts.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "./build-stale.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

if (buildIsStale(process.env.NEXT_DIST_DIR || ".next")) {
  console.log("Building the app (next build)…");
  const result = spawnSync(join(root, "node_modules", ".bin", "next"), ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
const { register } = await import("tsx/esm/api");
register();
await import(new URL("../server.ts", import.meta.url).href);
