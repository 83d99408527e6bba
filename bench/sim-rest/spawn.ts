import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// Runs a benchmark child (TypeScript via tsx) in its own process; it prints one JSON line when ready.

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startChild<T>(script: string, args: string[] = [], nodeArgs: string[] = []): Promise<Child<T>> {
  const proc = spawn(process.execPath, [...nodeArgs, "--import", "tsx", `${root}bench/sim-rest/${script}`, ...args], {
    cwd: root,
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const info = await new Promise<T>((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`${script} did not report within 20 min`)), 20 * 60_000);
    rl.once("line", (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as T);
    });
    proc.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  proc.stdout?.resume();
  return {
    info,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}
