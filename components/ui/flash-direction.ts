import type { Direction } from "@/lib/format/percent";

/** Which way a live value moved; null when it did not move or either side is unknown. */
export function flashDirection(prev: unknown, next: unknown): Exclude<Direction, "flat"> | null {
  if (typeof prev !== "number" || typeof next !== "number" || !Number.isFinite(prev) || !Number.isFinite(next))
    return null;
  if (next > prev) return "up";
  if (next < prev) return "down";
  return null;
}
