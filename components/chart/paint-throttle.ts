import { createThrottle, type Throttle, type ThrottleDeps } from "@/lib/client/throttle";

// Live ticks can arrive every frame; the chart repaints its whole pane on each update. This coalesces them: the first
// tick after a quiet spell paints at once (next task), later ones at most once per `ms`, always with the newest state.

export type PaintThrottle = Throttle;
export type { ThrottleDeps };

const monotonic: ThrottleDeps = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createPaintThrottle(paint: () => void, ms: number, deps: ThrottleDeps = monotonic): PaintThrottle {
  return createThrottle(paint, ms, { leading: "task" }, deps);
}
