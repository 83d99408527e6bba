import type { PublicUsage } from "@/lib/api/core";
import { compareText } from "@/lib/format/order";
import { type CreditsOf, costLabel } from "./cost-label";

/** A route of the registry with its §8 cost, worked out on the server (the registry's schemas stay off the browser). */
export interface CreditRoute {
  id: string;
  method: "GET" | "POST";
  path: string;
  cost: string;
}

export function creditRoutes(
  defs: readonly { id: string; method: "GET" | "POST"; path: string; credits: CreditsOf }[],
): CreditRoute[] {
  return defs.map((def) => ({ id: def.id, method: def.method, path: def.path, cost: costLabel(def) }));
}

export interface CreditRow extends CreditRoute {
  spent: number;
  savedByCache: number;
  savedByCoalescing: number;
}

/**
 * Every route of the registry with its §8 cost and this site's figures. In `order` (route ids) when given: the order
 * the page opened with, so rows keep their place while their figures change under the reader (routes not
 * in it go last); else the busiest first, then by path.
 */
export function creditRows(
  routes: readonly CreditRoute[],
  byEndpoint: PublicUsage["byEndpoint"],
  order?: readonly string[],
): CreditRow[] {
  const rank = new Map(order?.map((id, i) => [id, i]));
  const place = (id: string) => rank.get(id) ?? rank.size;
  return routes
    .map((route) => {
      const u = byEndpoint[route.id];
      return {
        ...route,
        spent: u?.spent ?? 0,
        savedByCache: u?.savedByCache ?? 0,
        savedByCoalescing: u?.savedByCoalescing ?? 0,
      };
    })
    .sort(
      (a, b) =>
        place(a.id) - place(b.id) ||
        b.spent + b.savedByCache + b.savedByCoalescing - (a.spent + a.savedByCache + a.savedByCoalescing) ||
        compareText(a.path, b.path) ||
        compareText(a.method, b.method),
    );
}

/** Share of what callers asked for that the cache and coalescing answered without spending (0-100), or null. */
export function savedPct(u: Pick<PublicUsage, "spent" | "savedByCache" | "savedByCoalescing">): number | null {
  const asked = u.spent + u.savedByCache + u.savedByCoalescing;
  return asked > 0 ? ((u.savedByCache + u.savedByCoalescing) / asked) * 100 : null;
}
