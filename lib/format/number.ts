import { compactParts } from "./compact";
import { fractionFormat } from "./intl";
import { DASH, MINUS, toFiniteNumber } from "./symbols";
import { tinyParts, tinyString } from "./tiny";

// Every formatter takes unknown input: null/undefined/NaN/±Infinity/garbage print "—", never "NaN" or a fake 0.

export interface CompactOptions {
  /** Significant digits (default 3). */
  sig?: number;
}

function withSign(n: number, body: string): string {
  return n < 0 && /[1-9]/.test(body) ? `${MINUS}${body}` : body;
}

function compactAbs(abs: number, sig: number): string {
  if (abs === 0) return "0";
  if (abs < 1) {
    const t = tinyParts(abs, sig);
    return t ? tinyString(t) : "1";
  }
  const p = compactParts(abs, sig);
  return `${p.mantissa}${p.suffix}`;
}

/** 1234 → "1.23K", 4.5e6 → "4.5M", 1.2e9 → "1.2B", 0.0000051 → "0.0₅51". */
export function formatCompact(v: unknown, opts: CompactOptions = {}): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  return withSign(n, compactAbs(Math.abs(n), opts.sig ?? 3));
}

/** Compact dollars for volumes, liquidity, market caps: "$1.23K", "$912", "$1.00", "$0.52", "<$0.01". */
export function formatUsd(v: unknown, opts: CompactOptions = {}): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const abs = Math.abs(n);
  if (abs === 0) return "$0";
  if (abs < 0.01) return n < 0 ? `>${MINUS}$0.01` : "<$0.01";
  // Cents matter below $10 ("$1.00", "$9.13"); above, three significant digits ("$12.3", "$912", "$1.23K").
  const body = abs < 9.995 ? fractionFormat(2, 2).format(abs) : compactAbs(abs, opts.sig ?? 3);
  return withSign(n, `$${body}`);
}

export interface FullOptions {
  maxDecimals?: number;
  minDecimals?: number;
}

/** Full figure with grouping: 1234567.891 → "1,234,567.89". */
export function formatNumber(v: unknown, opts: FullOptions = {}): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const max = clampDigits(opts.maxDecimals ?? 2);
  const min = Math.min(clampDigits(opts.minDecimals ?? 0), max);
  return withSign(n, fractionFormat(min, max).format(Math.abs(n)));
}

/** Full dollars: "$1,234,567.89"; below a cent "<$0.01". */
export function formatUsdFull(v: unknown): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const abs = Math.abs(n);
  if (abs > 0 && abs < 0.01) return n < 0 ? `>${MINUS}$0.01` : "<$0.01";
  return withSign(n, `$${fractionFormat(2, 2).format(abs)}`);
}

/** Whole counts (txns, holders): "912", "12,345" below 100K, then "123K". */
export function formatCount(v: unknown): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const abs = Math.round(Math.abs(n));
  if (abs < 100_000) return withSign(n, fractionFormat(0, 0).format(abs));
  return withSign(n, compactAbs(abs, 3));
}

/**
 * Adds an explicit sign to a formatter's output: "+$1.23K", "−$450". A value that prints as zero, or
 * a bound like "<$0.01", gets no sign.
 */
export function formatSigned(v: unknown, format: (abs: number) => string = (x) => formatCompact(x)): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const body = format(Math.abs(n));
  if (!/[1-9]/.test(body) || body.startsWith("<")) return body;
  return `${n < 0 ? MINUS : "+"}${body}`;
}

/** PnL: "+$1.23K", "−$450", "$0". */
export function formatSignedUsd(v: unknown): string {
  return formatSigned(v, (x) => formatUsd(x));
}

function clampDigits(d: number): number {
  return Number.isInteger(d) ? Math.min(20, Math.max(0, d)) : 2;
}
