import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// Runs a bench child (TypeScript via tsx) in its own process and waits for the JSON line it prints when ready.

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startChild<T>(script: string, env: Record<string, string> = {}): Promise<Child<T>> {
  const proc = spawn(`${root}node_modules/.bin/tsx`, [`${root}bench/proxy/${script}`], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const info = await new Promise<T>((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
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
