import { dateTimeFormat } from "./intl";
import { DASH, isFiniteNumber } from "./symbols";

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const MAX_DATE_MS = 8.64e15; // ECMAScript Date range

/** Compact age from seconds: "12s", "4m", "3h", "2d", "5mo", "1y" (units floored, so it only ever grows). */
export function formatAgeSeconds(seconds: unknown): string {
  if (!isFiniteNumber(seconds)) return DASH;
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  const d = Math.floor(s / 86_400);
  if (d < 30) return `${d}d`;
  if (d < 365) return `${Math.floor(d / 30)}mo`;
  return `${Math.floor(d / 365)}y`;
}

/** Relative age of a unix-ms timestamp at nowMs; a timestamp slightly in the future (clock skew) reads "0s". */
export function formatAge(atMs: unknown, nowMs: number): string {
  if (!isFiniteNumber(atMs) || !isFiniteNumber(nowMs)) return DASH;
  return formatAgeSeconds((nowMs - atMs) / SEC);
}

/** Two units at most: "850ms", "12s", "4m 05s", "3h 12m", "2d 4h". Negative or unknown → "—". */
export function formatDuration(ms: unknown): string {
  if (!isFiniteNumber(ms) || ms < 0) return DASH;
  if (ms < SEC) return `${Math.floor(ms)}ms`;
  if (ms < MIN) return `${Math.floor(ms / SEC)}s`;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (ms < HOUR) return `${Math.floor(ms / MIN)}m ${pad(Math.floor((ms % MIN) / SEC))}s`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ${pad(Math.floor((ms % HOUR) / MIN))}m`;
  return `${Math.floor(ms / DAY)}d ${Math.floor((ms % DAY) / HOUR)}h`;
}

/** One unit, rounded: "12 s", "4 min", "3 h" (a measured span, said the way a trader would). Negative or unknown → "—". */
export function formatSpan(ms: unknown): string {
  if (!isFiniteNumber(ms) || ms < 0) return DASH;
  if (ms < MIN) return `${Math.round(ms / SEC)} s`;
  if (ms < HOUR) return `${Math.round(ms / MIN)} min`;
  return `${Math.round(ms / HOUR)} h`;
}

function validMs(ms: unknown): ms is number {
  return isFiniteNumber(ms) && Math.abs(ms) <= MAX_DATE_MS;
}

/** "2026-11-22 14:03:05 UTC": the same on server and browser. */
export function formatDateTimeUtc(ms: unknown): string {
  if (!validMs(ms)) return DASH;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** ISO-8601 for a <time dateTime> attribute, or undefined. */
export function isoDateTime(ms: unknown): string | undefined {
  return validMs(ms) ? new Date(ms).toISOString() : undefined;
}

type Parts = Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** Two digits, zero-padded ("05"). */
export const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The parts from Date's own getters, for the runtime's zone or UTC: what Intl prints for them, without building an
 * Intl object (the first one on a page loads ICU's locale data, ~30 ms on a desktop). Years outside 1600–9999 are
 * left to Intl (ICU counts Julian dates before 1582 and prints other widths).
 */
function partsOwn(ms: number, utc: boolean): Parts | null {
  const d = new Date(ms);
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  if (year < 1600 || year > 9999) return null;
  return {
    year: String(year),
    month: pad2((utc ? d.getUTCMonth() : d.getMonth()) + 1),
    day: pad2(utc ? d.getUTCDate() : d.getDate()),
    hour: pad2(utc ? d.getUTCHours() : d.getHours()),
    minute: pad2(utc ? d.getUTCMinutes() : d.getMinutes()),
    second: pad2(utc ? d.getUTCSeconds() : d.getSeconds()),
  };
}

/** The Intl options the parts are read with (and the getters' output is held equal to, in the tests). */
export const PARTS_OPTIONS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

function partsIn(ms: number, timeZone: string | undefined): Parts | null {
  if (timeZone === undefined || timeZone === "UTC") {
    const own = partsOwn(ms, timeZone === "UTC");
    if (own) return own;
  }
  try {
    const fmt = dateTimeFormat({ timeZone, ...PARTS_OPTIONS });
    const out: Partial<Parts> = {};
    for (const p of fmt.formatToParts(ms))
      if (p.type in { year: 1, month: 1, day: 1, hour: 1, minute: 1, second: 1 }) out[p.type as keyof Parts] = p.value;
    return out as Parts;
  } catch {
    return null; // unknown time zone name
  }
}

/** "2026-11-22 15:03:05" in the given IANA zone (default: the runtime's own). Unknown zone → UTC form. */
export function formatDateTimeLocal(ms: unknown, timeZone?: string): string {
  if (!validMs(ms)) return DASH;
  const p = partsIn(ms, timeZone);
  if (!p) return formatDateTimeUtc(ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** "14:03:05" for tape rows. */
export function formatTimeOfDay(ms: unknown, timeZone?: string): string {
  if (!validMs(ms)) return DASH;
  const p = partsIn(ms, timeZone) ?? partsIn(ms, "UTC");
  return p ? `${p.hour}:${p.minute}:${p.second}` : DASH;
}

/** "2026-11-22" (day buckets, e.g. the PnL history). UTC unless a zone is given. */
export function formatDate(ms: unknown, timeZone = "UTC"): string {
  if (!validMs(ms)) return DASH;
  const p = partsIn(ms, timeZone) ?? partsIn(ms, "UTC");
  return p ? `${p.year}-${p.month}-${p.day}` : DASH;
}

/** en-US short month names, January first. */
export const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 22": axis and compact labels. */
export function formatShortDay(ms: unknown, timeZone = "UTC"): string {
  if (!validMs(ms)) return DASH;
  if (timeZone === "UTC") {
    const d = new Date(ms);
    const year = d.getUTCFullYear();
    if (year >= 1600 && year <= 9999) return `${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  }
  try {
    return dateTimeFormat({ timeZone, month: "short", day: "numeric" }).format(ms);
  } catch {
    return dateTimeFormat({ timeZone: "UTC", month: "short", day: "numeric" }).format(ms);
  }
}
