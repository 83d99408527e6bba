/** Shown for unknown values (§1.5: null means unknown, never a fake zero). */
export const DASH = "—";
/** U+2212: a true minus sign, as wide as the plus sign in tabular figures. */
export const MINUS = "\u2212";

const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";

/** 12 → "₁₂" */
export function subscriptDigits(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  let out = "";
  for (let i = 0; i < digits.length; i++) out += SUBSCRIPT_DIGITS[digits.charCodeAt(i) - 48];
  return out;
}

export function isFiniteNumber(n: unknown): n is number {
  return typeof n === "number" && Number.isFinite(n);
}

const DECIMAL_RE = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** number, or a decimal string (§2.4 carries some prices as decimal strings); anything else → null. */
export function toFiniteNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.length <= 400 && DECIMAL_RE.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  if (typeof v === "bigint") {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
