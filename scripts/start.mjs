// `npm start`: build when the build directory is missing or older than the sources, then serve production through
// server.ts.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "./build-stale.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

if (buildIsStale(process.env.NEXT_DIST_DIR || ".next")) {
  console.log("Building the app (next build)…");
  const result = spawnSync(join(root, "node_modules", ".bin", "next"), ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// glibc's malloc gives each thread that allocates its own arena (up to 8 per core); Next's render workers and the
// thread pool (gzip, crypto, fs) then keep memory in arenas that are rarely returned, and RSS drifts far above the
// heap. Two arenas keep it closer to what is live (bench/ssr-memory.ts measures both). glibc reads the variable at process start, so the
// server runs in a child started with it; an operator's own MALLOC_ARENA_MAX is kept.
if (process.env.MALLOC_ARENA_MAX === undefined) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, MALLOC_ARENA_MAX: "2" },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
} else {
  await serve();
}

async function serve() {
  process.env.NODE_ENV = "production";
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../server.ts", import.meta.url).href);
}
