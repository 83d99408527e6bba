// §2: some fields are decimal strings. Never exponent notation, never "-0".

export function decimalString(x: number, significant = 12): string {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  if (x === 0) return "0";
  const mag = Math.floor(Math.log10(Math.abs(x)));
  const digits = Math.min(100, Math.max(0, significant - mag - 1));
  let s = Math.abs(x) >= 1e21 ? BigInt(Math.round(x)).toString() : x.toFixed(digits);
  if (s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  return s === "-0" ? "0" : s;
}

/** Rounds to `digits` significant digits (keeps JSON small without faking precision). */
export function sig(x: number, digits = 10): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(digits));
}
