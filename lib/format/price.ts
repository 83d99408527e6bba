import { compactParts } from "./compact";
import { fractionFormat } from "./intl";
import { DASH, MINUS, subscriptDigits, toFiniteNumber } from "./symbols";
import { SUBSCRIPT_MIN_ZEROS, tinyParts } from "./tiny";

// Prices keep 4 significant digits however small: 0.000005123 → "0.0₅5123". Large ones go compact.
export const PRICE_SIG_DIGITS = 4;
const COMPACT_FROM = 1e6;

/** A price split for rendering: lead + (zeros as a subscript) + rest + suffix. */
export interface PriceParts {
  sign: "" | typeof MINUS;
  /** "1,234.56", "0.0123" or, for a subscripted price, "0.0". */
  lead: string;
  /** Zero count to show as a subscript after lead (0 = none). */
  zeros: number;
  /** Significant digits after the subscript ("" when zeros is 0). */
  rest: string;
  /** "K", "M", "B", "T" or "". */
  suffix: string;
}

function mid(abs: number): string {
  // 1 ≤ abs < 1e6: 4 significant digits, at least 2 decimals (1.235, 12.35, 123.46, 97,123.45).
  const intDigits = Math.floor(Math.log10(abs)) + 1;
  const fd = Math.max(2, PRICE_SIG_DIGITS - intDigits);
  return fractionFormat(2, fd).format(abs);
}

const parts = (sign: PriceParts["sign"], lead: string, zeros = 0, rest = "", suffix = ""): PriceParts => ({
  sign,
  lead,
  zeros,
  rest,
  suffix,
});

/** Parts of a price, or null when the value is unknown (null, NaN, garbage). Accepts decimal strings. */
export function priceParts(v: unknown): PriceParts | null {
  const n = toFiniteNumber(v);
  if (n === null) return null;
  const abs = Math.abs(n);
  const sign = n < 0 ? MINUS : "";
  if (abs === 0) return parts("", "0");
  if (abs >= COMPACT_FROM) {
    const c = compactParts(abs, PRICE_SIG_DIGITS);
    return parts(sign, c.mantissa, 0, "", c.suffix);
  }
  if (abs >= 1) return parts(sign, mid(abs));
  const t = tinyParts(abs, PRICE_SIG_DIGITS);
  if (!t) return parts(sign, mid(1));
  if (t.zeros >= SUBSCRIPT_MIN_ZEROS) return parts(sign, "0.0", t.zeros, t.digits);
  // Keep two decimals at least: 0.5 → "0.50".
  return parts(sign, `0.${`${"0".repeat(t.zeros)}${t.digits}`.padEnd(2, "0")}`);
}

function partsToString(p: PriceParts): string {
  return `${p.lead}${p.zeros > 0 ? subscriptDigits(p.zeros) : ""}${p.rest}${p.suffix}`;
}

/** Bare price: "0.0₅5123", "1.235", "97,123.45", "1.235M". */
export function formatPrice(v: unknown): string {
  const p = priceParts(v);
  return p ? `${p.sign}${partsToString(p)}` : DASH;
}

/** "$0.0₅5123" */
export function formatUsdPrice(v: unknown): string {
  const p = priceParts(v);
  return p ? `${p.sign}$${partsToString(p)}` : DASH;
}

/** "0.0₅5123 SOL" */
export function formatNativePrice(v: unknown, symbol: string): string {
  const p = priceParts(v);
  return p ? `${p.sign}${partsToString(p)} ${symbol}` : DASH;
}

/**
 * The same price written out in plain decimals (no subscript, no suffix), for titles and screen readers:
 * 0.000005123 → "0.000005123".
 */
export function plainPrice(v: unknown): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const abs = Math.abs(n);
  const sign = n < 0 ? MINUS : "";
  if (abs === 0) return "0";
  if (abs >= 1) return `${sign}${fractionFormat(0, 6).format(abs)}`;
  const t = tinyParts(abs, 8);
  if (!t) return `${sign}1`;
  return `${sign}0.${"0".repeat(t.zeros)}${t.digits}`;
}
