import { formatCompact } from "@/lib/format/number";
import { formatPrice } from "@/lib/format/price";
import type { ChartMetric } from "./bars";
import { minMoveFor } from "./bars";

/**
 * Axis and crosshair labels: prices with subscript zeros, market caps compact ("1.23M"). Prices are never negative:
 * the room the volume pane leaves under the candles gets no labels, and float dust near zero reads "0".
 */
export function axisFormatter(metric: ChartMetric, minMove = 0): (value: number) => string {
  const fmt = metric === "mcap" ? (v: number) => formatCompact(v) : (v: number) => formatPrice(v);
  return (v) => (v < 0 ? "" : v < minMove / 2 ? "0" : fmt(v));
}

/** The series' price format for the current magnitude (base = 1 / minMove keeps tiny prices exact). */
export function priceFormatFor(metric: ChartMetric, sample: number) {
  const minMove = metric === "mcap" ? 0.01 : minMoveFor(sample);
  return { type: "custom" as const, formatter: axisFormatter(metric, minMove), minMove, base: Math.round(1 / minMove) };
}
