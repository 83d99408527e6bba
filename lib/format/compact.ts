const SCALES = [1, 1e3, 1e6, 1e9, 1e12] as const;
const SUFFIXES = ["", "K", "M", "B", "T"] as const;

export interface CompactParts {
  /** "1.23", or an exponent form "1.2e15" past the last suffix. */
  mantissa: string;
  suffix: "" | "K" | "M" | "B" | "T";
}

function roundSig(x: number, sig: number): number {
  return Number(x.toPrecision(sig));
}

/** Splits abs (finite, ≥ 1) into a mantissa below 1000 and a suffix, rounding across the boundary (999.96K → 1M). */
export function compactParts(abs: number, sig: number): CompactParts {
  let i = 0;
  while (i < SCALES.length - 1 && abs >= SCALES[i + 1]) i++;
  let m = roundSig(abs / SCALES[i], sig);
  if (m >= 1000 && i < SCALES.length - 1) {
    i++;
    m = roundSig(abs / SCALES[i], sig);
  }
  if (m >= 1000) {
    // Past trillions a suffix would be ambiguous (Q? Qa?): use an exponent.
    const [mant, exp] = abs.toExponential(sig - 1).split("e");
    const trimmed = mant.includes(".") ? mant.replace(/\.?0+$/, "") : mant;
    return { mantissa: `${trimmed}e${Number(exp)}`, suffix: "" };
  }
  // m came from toPrecision and is below 1000: its shortest form is the digits without trailing zeros ("1.2").
  return { mantissa: String(m), suffix: SUFFIXES[i] };
}
