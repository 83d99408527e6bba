// One locale everywhere: server and browser must print the same string (no hydration drift).
export const LOCALE = "en-US";
/** Intl objects are costly to build; keys come from code, but the cap keeps a stray caller from growing them. */
export const INTL_CACHE_MAX = 64;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const fractionFormats: (Intl.NumberFormat | undefined)[] = [];
let graphemes: Intl.Segmenter | undefined;

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit) return hit;
  const made = make();
  if (cache.size >= INTL_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, JSON.stringify(options), () => new Intl.NumberFormat(LOCALE, options));
}

/** Fraction digits are clamped to this (Intl's own limit is 100; nobody needs more here). */
export const MAX_FRACTION_DIGITS = 20;

/**
 * Grouped en-US number with min–max fraction digits: the hot path of every formatter, cached by index without
 * building a key. At most 21 × 21 formatters can exist.
 */
export function fractionFormat(min: number, max: number): Intl.NumberFormat {
  const lo = Math.min(MAX_FRACTION_DIGITS, Math.max(0, Math.trunc(min)));
  const hi = Math.min(MAX_FRACTION_DIGITS, Math.max(lo, Math.trunc(max)));
  const k = lo * (MAX_FRACTION_DIGITS + 1) + hi;
  let f = fractionFormats[k];
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: lo, maximumFractionDigits: hi });
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
export function intlCacheSizes(): { number: number; date: number; fraction: number } {
  return { number: numberFormats.size, date: dateFormats.size, fraction: fractionFormats.filter(Boolean).length };
}
