import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

// A benchmark child process (TypeScript through tsx) driven by IPC messages.

export interface Child {
  proc: ChildProcess;
  send(msg: unknown): void;
  /** The next message matching `pred`. */
  next<T = Record<string, unknown>>(pred: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

export function startChild(file: string): Child {
  const path = fileURLToPath(new URL(file, import.meta.url));
  // BENCH_PROFILE=gateway-proc writes a V8 CPU profile of that child to bench/results/ (diagnosis).
  const profile =
    process.env.BENCH_PROFILE && file.includes(process.env.BENCH_PROFILE)
      ? ["--cpu-prof", "--cpu-prof-dir=bench/results"]
      : [];
  const proc = fork(path, [], {
    execArgv: ["--import", "tsx", "--expose-gc", ...profile],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiters: {
    pred: (m: Record<string, unknown>) => boolean;
    resolve: (m: unknown) => void;
    reject: (e: Error) => void;
  }[] = [];
  proc.on("message", (m: Record<string, unknown>) => {
    const i = waiters.findIndex((w) => w.pred(m));
    if (i >= 0) waiters.splice(i, 1)[0]?.resolve(m);
  });
  proc.on("exit", (code) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`${file} exited (${code})`));
  });
  return {
    proc,
    send: (msg) => proc.send(msg as never),
    next: (pred, timeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${file}: no answer within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          pred,
          reject,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m as never);
          },
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.send({ cmd: "stop" });
        setTimeout(() => proc.kill("SIGKILL"), 3_000).unref();
      }),
  };
}
