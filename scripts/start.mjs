// `npm start`: build when .next is missing or older than the sources, then serve production through server.ts.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// Every source the build can read: these folders, and every source or config file at the root (proxy.ts included).
const BUILD_DIRS = ["app", "components", "lib", "public"];
const ROOT_SOURCE = /\.(?:[cm]?[jt]sx?|json|css)$/;
const NOT_BUILT = /\.(test|spec)\.[cm]?[jt]sx?$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return NOT_BUILT.test(path) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIsStale() {
  const buildId = join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const rootFiles = readdirSync(root).filter((name) => ROOT_SOURCE.test(name) && !name.startsWith("."));
  return [...BUILD_DIRS, ...rootFiles].some((input) => newestMtime(join(root, input)) > built);
}

if (buildIsStale()) {
  console.log("Building the app (next build)…");
  const result = spawnSync(join(root, "node_modules", ".bin", "next"), ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
const { register } = await import("tsx/esm/api");
register();
await import(new URL("../server.ts", import.meta.url).href);
