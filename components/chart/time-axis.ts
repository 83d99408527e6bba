import {
  defaultHorzScaleBehavior,
  type IChartApiBase,
  type TickMarkFormatter,
  TickMarkType,
  type Time,
} from "lightweight-charts";
import { pad2, SHORT_MONTHS } from "@/lib/format/time";

// Time-axis labels that are never cut at the pane's edges while the chart still pans freely.
//
// lightweight-charts centres each tick label on its bar and clips it at the pane's edges: a tick a few pixels inside
// the left edge showed "8:00" for 18:00. It moves edge labels inward only with `fixLeftEdge` / `fixRightEdge` (which
// stop the trader panning past the first or last bar), and even then only for ticks next to the first or last bar of
// the data, not at the edge of a view in the middle of history. Here a label that would stick out of the pane is left
// blank instead: every label shown is whole and sits under its own tick. The library caches each tick's label by
// time; a label that depends on where the tick is drawn must be formatted again whenever the ticks are laid out.

const OPTIONS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: "numeric" },
  [TickMarkType.Month]: { month: "short" },
  [TickMarkType.DayOfMonth]: { day: "numeric" },
  [TickMarkType.Time]: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  [TickMarkType.TimeWithSeconds]: { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
};
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * en-US labels from Date's UTC getters, the same text Intl prints for OPTIONS (held equal by a property test) without
 * an Intl object: the first one on a page loads ICU's locale data (~30 ms on a desktop). Null outside 1600–9999.
 */
function enUsLabel(ms: number, type: TickMarkType): string | null {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1600 || year > 9999) return null;
  switch (type) {
    case TickMarkType.Year:
      return String(year);
    case TickMarkType.Month:
      return SHORT_MONTHS[d.getUTCMonth()];
    case TickMarkType.DayOfMonth:
      return String(d.getUTCDate());
    case TickMarkType.Time:
      return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    case TickMarkType.TimeWithSeconds:
      return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
    default:
      return null;
  }
}

/** The library's own tick label for `type` at `time` (UTC seconds), in UTC: "2026", "Nov", "28", "14:05", "14:05:30". */
export function tickLabel(time: number, type: TickMarkType, locale: string): string {
  if (locale === "en-US") {
    const own = enUsLabel(time * 1000, type);
    if (own !== null) return own;
  }
  const key = `${locale}|${type}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[type], timeZone: "UTC" });
    formats.set(key, f);
  }
  return f.format(time * 1000);
}

/** Room kept between a label and the pane's edge (px): a label flush with the edge read as cut. */
const EDGE_GAP = 2;

/** Whether a label `width` px wide, centred at `x`, sticks out of a pane `paneWidth` px wide (or touches its edge). */
export function sticksOut(x: number, width: number, paneWidth: number): boolean {
  return x - width / 2 < EDGE_GAP || x + width / 2 > paneWidth - EDGE_GAP;
}

/**
 * Tick labels as the library draws them, blank where the label would be cut at the pane's left or right edge.
 * `chart` is read when the ticks are laid out (after the chart exists); `measure` gives a label's drawn width in px.
 */
export function edgeSafeTickFormatter(
  chart: () => IChartApiBase<Time> | null,
  measure: (label: string) => number,
): TickMarkFormatter {
  return (time, type, locale) => {
    if (typeof time !== "number") return null;
    const label = tickLabel(time, type, locale);
    const ts = chart()?.timeScale();
    const x = ts?.timeToCoordinate(time as Time);
    if (!ts || x === null || x === undefined) return label;
    return sticksOut(x, measure(label), ts.width()) ? "" : label;
  };
}

/**
 * The library's time scale, but with its per-time cache of tick labels disabled (a fresh key on every lookup): labels
 * from `edgeSafeTickFormatter` depend on where the tick is, so they are formatted each time the ticks are laid out
 * (on a pan, a zoom, a resize or a new bar; about ten labels each time).
 */
export class PositionedTickLabels extends defaultHorzScaleBehavior() {
  private lookups = 0;

  override cacheKey(): number {
    this.lookups += 1;
    return this.lookups;
  }
}

/** Label widths kept per chart: a day of second ticks has 86,400 labels; the ones on screen are a few dozen. */
const MAX_WIDTHS = 512;

/** The width in px of `label` drawn in `font` (a CSS font, as the chart builds it), measured once per label. */
export function labelMeasurer(font: string): (label: string) => number {
  const widths = new Map<string, number>();
  let ctx: CanvasRenderingContext2D | null | undefined;
  return (label) => {
    let w = widths.get(label);
    if (w !== undefined) return w;
    ctx ??= document.createElement("canvas").getContext("2d");
    if (!ctx) return 0;
    ctx.font = font;
    w = ctx.measureText(label).width;
    if (widths.size >= MAX_WIDTHS) widths.clear();
    widths.set(label, w);
    return w;
  };
}
