import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

// A benchmark child process that prints one JSON line when ready: wait for it, and stop the child afterwards.

export interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function readyChild<T>(
  proc: ChildProcess,
  script: string,
  timeoutMs: number,
  what: string,
): Promise<Child<T>> {
  const info = await new Promise<T>((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`${script} did not ${what}`)), timeoutMs);
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
