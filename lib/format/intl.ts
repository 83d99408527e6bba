// One locale everywhere: server and browser must print the same string (no hydration drift).
export const LOCALE = "en-US";
/** Intl objects are costly to build; keys come from code, but the cap keeps a stray caller from growing them. */
export const INTL_CACHE_MAX = 64;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const fractionFormats: (FractionFormat | undefined)[] = [];
let graphemes: Intl.Segmenter | undefined;

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit) return hit;
  const made = make();
  if (cache.size >= INTL_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}

/** Fraction digits are clamped to this (Intl's own limit is 100; nobody needs more here). */
export const MAX_FRACTION_DIGITS = 20;

/** What `Intl.NumberFormat#format` does, for the formatters this module hands out. */
export interface FractionFormat {
  format(n: number): string;
}

const GROUPS_RE = /\B(?=(\d{3})+$)/g;
const LEADING_ZEROS_RE = /^0+(?=\d)/;

/**
 * `n` as `new Intl.NumberFormat("en-US", { minimumFractionDigits: lo, maximumFractionDigits: hi }).format(n)` prints
 * it, without building that formatter: the first Intl object a page builds loads ICU's locale data (~30 ms on a
 * desktop's first load, four times that on a phone), and these formatters print nearly every figure on every page.
 * Like ICU it rounds the shortest decimal that reads back as `n` (`String(n)`: 1.005 → "1.01", where `toFixed` gives
 * "1.00"), half away from zero; a negative number keeps its sign when it rounds to zero ("-0"). NaN and ±Infinity go
 * to Intl itself. `0 ≤ lo ≤ hi`.
 */
export function formatFraction(n: number, lo: number, hi: number, intl: () => Intl.NumberFormat): string {
  if (!Number.isFinite(n)) return intl().format(n);
  const negative = n < 0 || Object.is(n, -0);
  // The shortest round-trip decimal, as digits and the place of the point among them ("1.5e-7": "15", -6).
  const str = String(negative ? -n : n);
  const e = str.indexOf("e");
  const mantissa = e < 0 ? str : str.slice(0, e);
  const dot = mantissa.indexOf(".");
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + (e < 0 ? 0 : Number(str.slice(e + 1)));
  let whole =
    point <= 0 ? "0" : point >= digits.length ? digits + "0".repeat(point - digits.length) : digits.slice(0, point);
  let fraction = point >= digits.length ? "" : point < 0 ? "0".repeat(-point) + digits : digits.slice(point);
  if (fraction.length > hi) {
    const up = fraction.charCodeAt(hi) >= 53; // "5" or more at the first dropped digit: half away from zero
    fraction = fraction.slice(0, hi);
    if (up) {
      // Add one unit in the last kept place, carrying through the fraction into the whole part.
      const all = (whole + fraction).split("");
      let i = all.length - 1;
      while (i >= 0 && all[i] === "9") all[i--] = "0";
      if (i >= 0) all[i] = String.fromCharCode(all[i].charCodeAt(0) + 1);
      else all.unshift("1");
      const joined = all.join("");
      whole = joined.slice(0, joined.length - fraction.length);
      fraction = joined.slice(joined.length - fraction.length);
    }
  }
  let end = fraction.length;
  while (end > lo && fraction.charCodeAt(end - 1) === 48) end--; // trailing zeros beyond the minimum
  fraction = fraction.slice(0, end).padEnd(lo, "0");
  whole = whole.replace(LEADING_ZEROS_RE, "");
  const grouped = whole.length > 3 ? whole.replace(GROUPS_RE, ",") : whole;
  return `${negative ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Grouped en-US number with min–max fraction digits: the hot path of every formatter, cached by index without
 * building a key. At most 21 × 21 formatters can exist; each builds its Intl fallback only when a number needs it.
 */
export function fractionFormat(min: number, max: number): FractionFormat {
  const lo = Math.min(MAX_FRACTION_DIGITS, Math.max(0, Math.trunc(min)));
  const hi = Math.min(MAX_FRACTION_DIGITS, Math.max(lo, Math.trunc(max)));
  const k = lo * (MAX_FRACTION_DIGITS + 1) + hi;
  let f = fractionFormats[k];
  if (!f) {
    let intl: Intl.NumberFormat | undefined;
    const fallback = () => {
      intl ??= new Intl.NumberFormat(LOCALE, { minimumFractionDigits: lo, maximumFractionDigits: hi });
      return intl;
    };
    f = { format: (n) => formatFraction(n, lo, hi, fallback) };
    fractionFormats[k] = f;
  }
  return f;
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, JSON.stringify(options), () => new Intl.DateTimeFormat(LOCALE, options));
}

export function graphemeSegmenter(): Intl.Segmenter {
  graphemes ??= new Intl.Segmenter(LOCALE, { granularity: "grapheme" });
  return graphemes;
}

/** Sizes of the caches, for the bound test. */
export function intlCacheSizes(): { date: number; fraction: number } {
  return { date: dateFormats.size, fraction: fractionFormats.filter(Boolean).length };
}
