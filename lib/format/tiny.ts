import { subscriptDigits } from "./symbols";

/** From this many zeros after the point, a tiny number is written 0.0₅5123 (zero count as a subscript). */
export const SUBSCRIPT_MIN_ZEROS = 4;

export interface TinyParts {
  /** Zeros right after the decimal point. */
  zeros: number;
  /** Significant digits, trailing zeros trimmed. */
  digits: string;
}

/** 0 < abs < 1 → its leading-zero count and significant digits; null when rounding reaches 1. */
export function tinyParts(abs: number, sig: number): TinyParts | null {
  const [mant, expStr] = abs.toExponential(Math.max(0, sig - 1)).split("e");
  const exp = Number(expStr);
  if (exp >= 0) return null;
  const digits = mant.replace(".", "").replace(/0+$/, "") || "0";
  return { zeros: -exp - 1, digits };
}

/** "0.0₅5123" from many zeros, "0.00123" from few. */
export function tinyString(p: TinyParts, subscriptFrom = SUBSCRIPT_MIN_ZEROS): string {
  if (p.zeros >= subscriptFrom) return `0.0${subscriptDigits(p.zeros)}${p.digits}`;
  return `0.${"0".repeat(p.zeros)}${p.digits}`;
}
