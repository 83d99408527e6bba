import { readFileSync } from "node:fs";

// CPU time (user + system, ms) a process has used so far, from /proc (Linux): per-request cost that does not
// depend on how busy the rest of a shared machine is.

const TICKS_PER_SEC = 100;

export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SEC;
  } catch {
    return Number.NaN;
  }
}
