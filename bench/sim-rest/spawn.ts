import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Child, readyChild } from "../lib/child";

// Runs a benchmark child (TypeScript via tsx) in its own process; it prints one JSON line when ready.

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function startChild<T>(script: string, args: string[] = [], nodeArgs: string[] = []): Promise<Child<T>> {
  const proc = spawn(process.execPath, [...nodeArgs, "--import", "tsx", `${root}bench/sim-rest/${script}`, ...args], {
    cwd: root,
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return readyChild<T>(proc, script, 20 * 60_000, "report within 20 min");
}
