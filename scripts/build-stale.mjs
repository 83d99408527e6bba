// Whether a production build in `distDir` is missing or older than the sources it was built from.
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

/** @param {string} distDir build directory relative to the repository root (NEXT_DIST_DIR) */
export function buildIsStale(distDir) {
  const buildId = join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const rootFiles = readdirSync(root).filter((name) => ROOT_SOURCE.test(name) && !name.startsWith("."));
  return [...BUILD_DIRS, ...rootFiles].some((input) => newestMtime(join(root, input)) > built);
}
