import type { SearchResult } from "@/lib/api/core";
import type { RecentEntry } from "./recent-searches";
import { queryAddress, resolveAddressTarget } from "./search-target";

// The palette's option list, derived purely from what is typed, what the latest search answered and the recents.

export type PaletteOption =
  | { id: string; kind: "token"; result: SearchResult; exact: boolean }
  | { id: string; kind: "wallet"; address: string; chain?: string }
  | { id: string; kind: "address"; address: string }
  | { id: string; kind: "recent"; entry: RecentEntry };

export interface OptionsInput {
  typed: string;
  /** The query `results` answer; rows are only built when it is the typed text. */
  settled: string;
  results: readonly SearchResult[];
  pending: boolean;
  recents: readonly RecentEntry[];
  chain?: string;
}

const tokenId = (r: SearchResult) => `t:${r.chain}:${r.address}`;

export function buildOptions({ typed, settled, results, pending, recents, chain }: OptionsInput): PaletteOption[] {
  const q = typed.trim();
  if (!q) return recents.map((entry, i) => ({ id: `r:${i}`, kind: "recent", entry }));
  const answered = !pending && settled === q;
  const rows: PaletteOption[] = answered
    ? results.map((r) => ({ id: tokenId(r), kind: "token", result: r, exact: false }))
    : [];
  const addr = queryAddress(q);
  if (!addr) return rows;
  if (!answered) return [{ id: `a:${addr}`, kind: "address", address: addr }];
  const target = resolveAddressTarget(q, results, chain);
  if (target?.kind === "token") {
    const first = rows.findIndex((o) => o.kind === "token" && o.result === target.result);
    const exact: PaletteOption = { id: tokenId(target.result), kind: "token", result: target.result, exact: true };
    return [exact, ...rows.filter((_, i) => i !== first)];
  }
  return [{ id: `w:${addr}`, kind: "wallet", address: addr, ...(chain ? { chain } : {}) }, ...rows];
}
