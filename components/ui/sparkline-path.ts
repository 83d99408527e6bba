import type { Direction } from "@/lib/format/percent";

/** A sparkline never draws more points than this, whatever it is given. */
export const SPARKLINE_MAX_POINTS = 120;

export interface SparklineGeometry {
  points: string;
  direction: Direction;
  count: number;
}

function downsample(values: readonly unknown[], max: number): number[] {
  const finite: number[] = [];
  // Stride over the raw array first so a huge input costs O(max), keeping the last value (the current price).
  const stride = Math.max(1, Math.ceil(values.length / max));
  for (let i = 0; i < values.length; i += stride) {
    const v = values[Math.min(i + stride - 1, values.length - 1)];
    if (typeof v === "number" && Number.isFinite(v)) finite.push(v);
  }
  return finite;
}

/** SVG polyline points for values inside width×height; null when there is nothing finite to draw. */
export function sparklineGeometry(
  values: readonly unknown[],
  width: number,
  height: number,
  pad = 1,
): SparklineGeometry | null {
  const v = downsample(values, SPARKLINE_MAX_POINTS);
  if (v.length === 0) return null;
  let min = v[0];
  let max = v[0];
  for (const x of v) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const w = width - 2 * pad;
  const h = height - 2 * pad;
  const r = (n: number) => Math.round(n * 100) / 100;
  const y = (x: number) => (max === min ? pad + h / 2 : pad + (1 - (x - min) / (max - min)) * h);
  const pts =
    v.length === 1
      ? [`${r(pad)},${r(y(v[0]))}`, `${r(pad + w)},${r(y(v[0]))}`]
      : v.map((x, i) => `${r(pad + (i * w) / (v.length - 1))},${r(y(x))}`);
  const first = v[0];
  const last = v[v.length - 1];
  return { points: pts.join(" "), direction: last > first ? "up" : last < first ? "down" : "flat", count: pts.length };
}
