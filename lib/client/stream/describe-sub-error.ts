import type { StreamSubscriptionError } from "./socket-types";

// A refused live subscription in words a trader reads: what is not live, and why, never a raw code.

export interface SubErrorText {
  /** Short chip text, e.g. "Not live". */
  short: string;
  /** One sentence for the tooltip and screen readers. */
  detail: string;
}

const LIMITS: Record<string, (limit?: number) => string> = {
  limit_tracked: (n) =>
    `The live feed already follows its maximum of ${n ?? "its"} tokens; this one shows what was loaded and refreshes when a slot frees up.`,
  limit_subscriptions: (n) =>
    `Too many live views are open in this browser (at most ${n ?? "a fixed number"}); close a tab or panel to bring this one back live.`,
  limit_connections: () => "The live feed is at its connection limit; data shown is what was loaded last.",
  slow_consumer: () => "The live feed fell behind and was reset; it resumes on its own.",
};

export function describeSubError(e: StreamSubscriptionError): SubErrorText {
  const why = LIMITS[e.code];
  if (why) return { short: "Not live", detail: why(e.limit) };
  if (e.code.startsWith("invalid") || e.code.startsWith("unknown"))
    return { short: "Not live", detail: "The live feed does not offer this view; data shown is what was loaded." };
  return { short: "Not live", detail: "The live feed refused this view; data shown is what was loaded." };
}
