import type { PulseToken } from "@/lib/api/core";
import { safeHttpsUrl, socialUrl } from "@/lib/format";
import type { ColumnFilter } from "./filter-params";

// Client-side column filters (the REST list is the same for everyone; filtering is free and instant).

/** A safe link a trader can open: hostile or non-https values do not count as socials. */
export function hasSocials(t: PulseToken): boolean {
  const m = t.metadata;
  return (
    safeHttpsUrl(m.websiteUrl) !== null ||
    socialUrl("twitter", m.twitterUrl) !== null ||
    socialUrl("telegram", m.telegramUrl) !== null
  );
}

const within = (v: number, lo: number | null, hi: number | null) =>
  (lo === null || v >= lo) && (hi === null || v <= hi);

/**
 * Does a token pass the column's filter at `nowMs`? `padSlug` is its launchpad's slug (null when unknown: a
 * launchpad filter then excludes it, since we cannot vouch for it).
 */
export function matchesFilter(t: PulseToken, f: ColumnFilter, nowMs: number, padSlug: string | null): boolean {
  if (!within(t.marketCapUsd, f.minMcap, f.maxMcap)) return false;
  if (!within(t.liquidityUsd, f.minLiq, f.maxLiq)) return false;
  if (!within(t.volumeUsd, f.minVol, f.maxVol)) return false;
  if (!within(t.bondingProgress, f.minProgress, f.maxProgress)) return false;
  if (f.minAge !== null || f.maxAge !== null) {
    const ageSec = Math.max(0, (nowMs - t.createdAt) / 1000);
    if (!within(ageSec, f.minAge, f.maxAge)) return false;
  }
  if (f.dexPaid && !t.metadata.dexPaid) return false;
  if (f.pads.length > 0 && (padSlug === null || !f.pads.includes(padSlug))) return false;
  if (f.socials && !hasSocials(t)) return false;
  return true;
}

/** The column as shown: the live list (already in the view's order) filtered, then cut to the column's limit. */
export function visibleTokens(
  tokens: readonly PulseToken[],
  f: ColumnFilter,
  limit: number,
  nowMs: number,
  padSlugOf: (t: PulseToken) => string | null,
): PulseToken[] {
  const out: PulseToken[] = [];
  for (const t of tokens) {
    if (out.length >= limit) break;
    if (matchesFilter(t, f, nowMs, padSlugOf(t))) out.push(t);
  }
  return out;
}

/** True when the filter depends on the clock (age bounds), so the column re-filters as time passes. */
export function filterUsesClock(f: ColumnFilter): boolean {
  return f.minAge !== null || f.maxAge !== null;
}
