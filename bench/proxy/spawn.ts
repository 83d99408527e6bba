import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Child, readyChild } from "../lib/child";

// Runs a bench child (TypeScript via tsx) in its own process and waits for the JSON line it prints when ready.

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function startChild<T>(script: string, env: Record<string, string> = {}): Promise<Child<T>> {
  const proc = spawn(`${root}node_modules/.bin/tsx`, [`${root}bench/proxy/${script}`], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return readyChild<T>(proc, script, 60_000, "start within 60 s");
}
