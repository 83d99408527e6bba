import { shortAddress } from "@/lib/api/address";
import { FormatError } from "./errors";
import { formatCompact } from "./number";
import { DASH } from "./symbols";

// The short form lives with the address rules in lib/api; re-exported so display code has one import.
export { shortAddress };

/** Longest integer string accepted (a uint256 has 78 digits); bounds BigInt work on hostile input. */
export const MAX_UNITS_DIGITS = 200;
export const MAX_DECIMALS = 255;
const INT_RE = /^-?\d+$/;

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS)
    throw new FormatError("invalid_decimals", `decimals must be an integer 0-${MAX_DECIMALS}`);
}

function toBigInt(raw: string | bigint): bigint {
  if (typeof raw === "bigint") return raw;
  if (typeof raw !== "string") throw new FormatError("invalid_amount", "amount must be an integer string");
  const t = raw.trim();
  if (t.length > MAX_UNITS_DIGITS + 1)
    throw new FormatError("amount_too_long", `amount longer than ${MAX_UNITS_DIGITS} digits`);
  if (!INT_RE.test(t)) throw new FormatError("invalid_amount", "amount must be an integer string in the smallest unit");
  return BigInt(t);
}

export interface UnitsOptions {
  /** Round (half away from zero) to at most this many decimals. Exact by default. */
  maxDecimals?: number;
}

/**
 * Smallest units to a decimal string, exactly (bigint): formatUnits("1500000000000000000", 18) → "1.5".
 * Throws FormatError (invalid_amount, amount_too_long, invalid_decimals) on input it cannot represent.
 */
export function formatUnits(raw: string | bigint, decimals: number, opts: UnitsOptions = {}): string {
  checkDecimals(decimals);
  let v = toBigInt(raw);
  let scale = decimals;
  if (opts.maxDecimals !== undefined && opts.maxDecimals < decimals) {
    checkDecimals(opts.maxDecimals);
    const drop = 10n ** BigInt(decimals - opts.maxDecimals);
    const neg = v < 0n;
    const abs = neg ? -v : v;
    const rounded = (abs + drop / 2n) / drop;
    v = neg ? -rounded : rounded;
    scale = opts.maxDecimals;
  }
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  const out = frac ? `${int}.${frac}` : int;
  return neg && out !== "0" ? `-${out}` : out;
}

/** Compact display of a smallest-unit amount: ("1500000000000000000", 18, "ETH") → "1.5 ETH"; bad input → "—". */
export function formatUnitsCompact(raw: unknown, decimals: number, symbol?: string): string {
  try {
    const s = formatUnits(raw as string, decimals);
    const body = formatCompact(s);
    return symbol && body !== DASH ? `${body} ${symbol}` : body;
  } catch {
    return DASH;
  }
}
