// Swap math. Bonding curves are constant-product over virtual reserves (the launchpad design most
// launchpads copy); DEX pools are constant-product over real reserves. Amounts are whole tokens / whole native.

export interface CurveState {
  /** Virtual native reserve (starts at the factory's virtualNative0). */
  vNative: number;
  /** Virtual token reserve. */
  vToken: number;
  /** Native actually collected (vNative - virtualNative0). */
  realNative: number;
  thresholdNative: number;
}

export interface CpmmState {
  reserveNative: number;
  reserveToken: number;
}

export interface SwapQuote {
  amountToken: number;
  /** Gross native in (buy) or out (sell), fee included (§1.7). */
  amountNative: number;
  feeNative: number;
}

export const CURVE_VIRTUAL_TOKENS = 1.073e9;
export const LAUNCH_SUPPLY = 1e9;

export function curvePrice(c: CurveState): number {
  return c.vNative / c.vToken;
}

export function curveProgressPct(c: CurveState): number {
  return Math.min(100, Math.max(0, (c.realNative / c.thresholdNative) * 100));
}

/** Buy with `nativeIn` (gross); clipped so the curve never collects more than its threshold. */
export function curveBuy(c: CurveState, nativeIn: number, feeBps: number): SwapQuote & { completes: boolean } {
  const fee = (nativeIn * feeBps) / 10_000;
  let net = nativeIn - fee;
  const room = c.thresholdNative - c.realNative;
  let completes = false;
  if (net >= room) {
    net = Math.max(room, 0);
    completes = true;
  }
  const k = c.vNative * c.vToken;
  const out = c.vToken - k / (c.vNative + net);
  const gross = net / (1 - feeBps / 10_000);
  return { amountToken: out, amountNative: gross, feeNative: gross - net, completes };
}

export function applyCurveBuy(c: CurveState, q: SwapQuote): void {
  const net = q.amountNative - q.feeNative;
  c.vNative += net;
  c.vToken -= q.amountToken;
  c.realNative += net;
}

export function curveSell(c: CurveState, tokensIn: number, feeBps: number): SwapQuote {
  const k = c.vNative * c.vToken;
  let out = c.vNative - k / (c.vToken + tokensIn);
  out = Math.min(out, c.realNative); // the curve cannot pay out more than it holds
  const fee = (out * feeBps) / 10_000;
  return { amountToken: tokensIn, amountNative: out, feeNative: fee };
}

export function applyCurveSell(c: CurveState, q: SwapQuote): void {
  c.vNative -= q.amountNative;
  c.vToken += q.amountToken;
  c.realNative = Math.max(0, c.realNative - q.amountNative);
}

export function cpmmPrice(p: CpmmState): number {
  return p.reserveNative / p.reserveToken;
}

export function cpmmBuy(p: CpmmState, nativeIn: number, feeBps: number): SwapQuote {
  const net = nativeIn * (1 - feeBps / 10_000);
  const out = (p.reserveToken * net) / (p.reserveNative + net);
  return { amountToken: out, amountNative: nativeIn, feeNative: nativeIn - net };
}

export function cpmmSell(p: CpmmState, tokensIn: number, feeBps: number): SwapQuote {
  const net = tokensIn * (1 - feeBps / 10_000);
  const out = (p.reserveNative * net) / (p.reserveToken + net);
  return { amountToken: tokensIn, amountNative: out, feeNative: (out * feeBps) / 10_000 };
}

export function applyCpmm(p: CpmmState, q: SwapQuote, isBuy: boolean): void {
  if (isBuy) {
    p.reserveNative += q.amountNative;
    p.reserveToken -= q.amountToken;
  } else {
    p.reserveNative -= q.amountNative;
    p.reserveToken += q.amountToken;
  }
}
