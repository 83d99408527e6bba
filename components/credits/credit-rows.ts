import { type EndpointDef, endpoints } from "@/lib/api";
import type { PublicUsage } from "@/lib/api/usage";
import { costLabel } from "./cost-label";

export interface CreditRow {
  id: string;
  method: EndpointDef["method"];
  path: string;
  cost: string;
  spent: number;
  savedByCache: number;
  savedByCoalescing: number;
}

/** Every route of the registry with its §8 cost and this site's figures; the busiest first, then by path. */
export function creditRows(byEndpoint: PublicUsage["byEndpoint"]): CreditRow[] {
  return Object.values(endpoints)
    .map((def) => {
      const u = byEndpoint[def.id];
      return {
        id: def.id,
        method: def.method,
        path: def.path,
        cost: costLabel(def),
        spent: u?.spent ?? 0,
        savedByCache: u?.savedByCache ?? 0,
        savedByCoalescing: u?.savedByCoalescing ?? 0,
      };
    })
    .sort(
      (a, b) =>
        b.spent + b.savedByCache + b.savedByCoalescing - (a.spent + a.savedByCache + a.savedByCoalescing) ||
        a.path.localeCompare(b.path) ||
        a.method.localeCompare(b.method),
    );
}

/** Share of what callers asked for that the cache and coalescing answered without spending (0-100), or null. */
export function savedPct(u: Pick<PublicUsage, "spent" | "savedByCache" | "savedByCoalescing">): number | null {
  const asked = u.spent + u.savedByCache + u.savedByCoalescing;
  return asked > 0 ? ((u.savedByCache + u.savedByCoalescing) / asked) * 100 : null;
}
