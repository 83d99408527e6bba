import { ApiError } from "./errors";

// A caller that needs an answer at least as new as a moment of the market's clock says so in this request header
// (a stream repair: a copy cached before the live flow resumed may miss rows). The proxy then serves a cached copy
// only when its `meta.asOf` reaches that moment, and asks the upstream otherwise. The market's clock, not the
// proxy's: they need not agree, nor run at the same pace.

export const MIN_AS_OF_HEADER = "x-min-as-of";

/** The header's value (ms since the epoch), or undefined when absent; anything else is a 400 naming the header. */
export function parseMinAsOf(value: string | null): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  const n = /^\d{1,16}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n))
    throw new ApiError("invalid_parameter", `${MIN_AS_OF_HEADER} must be a time in ms since the epoch`, {
      param: MIN_AS_OF_HEADER,
    });
  return n;
}
