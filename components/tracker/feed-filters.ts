import { parseChainId } from "@/lib/api/core";
import { type FeedFilters, NO_FILTERS } from "@/lib/client/tracker";

// The feed's filters live in the URL (`?buys=1&min=500&chain=solana&token=WIF`), so a filtered view can be shared.

type Search = URLSearchParams | Record<string, string | string[] | undefined>;
const get = (sp: Search, k: string): string | undefined => {
  if (sp instanceof URLSearchParams) return sp.get(k) ?? undefined;
  const v = sp[k];
  return Array.isArray(v) ? v[0] : v;
};

export const MIN_USD_MAX = 1e9;

/** Unknown or out-of-range values fall back to "no filter" (a link never breaks the page). */
export function parseFeedFilters(sp: Search): FeedFilters {
  const min = Number(get(sp, "min") ?? "");
  const chain = get(sp, "chain");
  return {
    buysOnly: get(sp, "buys") === "1",
    minUsd: Number.isFinite(min) && min > 0 ? Math.min(min, MIN_USD_MAX) : 0,
    chain: chain ? parseChainId(chain) : null,
    token: (get(sp, "token") ?? "").trim().slice(0, 64),
  };
}

export function feedFilterParams(f: FeedFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.buysOnly) out.set("buys", "1");
  if (f.minUsd > 0) out.set("min", String(f.minUsd));
  if (f.chain) out.set("chain", f.chain);
  if (f.token.trim()) out.set("token", f.token.trim());
  return out;
}

export function isFiltered(f: FeedFilters): boolean {
  return feedFilterParams(f).toString() !== feedFilterParams(NO_FILTERS).toString();
}
