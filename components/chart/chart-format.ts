import { formatCompact } from "@/lib/format/number";
import { formatPrice } from "@/lib/format/price";
import type { ChartMetric } from "./bars";
import { minMoveFor } from "./bars";

/** Axis and crosshair labels: prices with subscript zeros, market caps compact ("1.23M"). */
export function axisFormatter(metric: ChartMetric): (value: number) => string {
  return metric === "mcap" ? (v) => formatCompact(v) : (v) => formatPrice(v);
}

/** The series' price format for the current magnitude (base = 1 / minMove keeps tiny prices exact). */
export function priceFormatFor(metric: ChartMetric, sample: number) {
  const minMove = metric === "mcap" ? 0.01 : minMoveFor(sample);
  return { type: "custom" as const, formatter: axisFormatter(metric), minMove, base: Math.round(1 / minMove) };
}
