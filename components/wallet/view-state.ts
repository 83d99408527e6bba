import { type ChainId, canonicalAddress, isEvmAddress, PNL_PERIODS, type PnlPeriod, parseChainId } from "@/lib/api/core";

// Everything a wallet link carries: the address, the chain for chain-bound sections, the PnL period and table state.

/** Chain-bound sections (positions, trades, funding) need one chain; a bare EVM link opens on Base. */
export const DEFAULT_EVM_CHAIN: ChainId = "evm:8453";

export type WalletRoute =
  | { kind: "invalid"; reason: string }
  | { kind: "redirect"; address: string }
  | { kind: "ok"; address: string; family: "evm" | "solana" };

/** Validates the address segment before any upstream call; EVM in any case redirects to lowercase. */
export function resolveWalletRoute(raw: string): WalletRoute {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { kind: "invalid", reason: "malformed address" };
  }
  const address = canonicalAddress(decoded);
  if (!address || address !== decoded.trim()) {
    if (address && isEvmAddress(decoded)) return { kind: "redirect", address };
    return { kind: "invalid", reason: "not an EVM or Solana address" };
  }
  return { kind: "ok", address, family: isEvmAddress(address) ? "evm" : "solana" };
}

export type PositionFilter = "open" | "sold" | "all";
export const POSITION_SORTS = ["value", "pnl", "realized", "unrealized", "first", "last", "token"] as const;
export type PositionSort = (typeof POSITION_SORTS)[number];

export interface WalletViewState {
  /** Chain of the chain-bound sections. */
  chain: ChainId;
  /** Whether the URL named the chain (else EVM PnL covers all EVM chains). */
  chainExplicit: boolean;
  period: PnlPeriod;
  show: PositionFilter;
  sort: PositionSort;
  dir: "asc" | "desc";
}

type Search = Record<string, string | string[] | undefined> | URLSearchParams;
const get = (sp: Search, k: string): string | undefined => {
  if (sp instanceof URLSearchParams) return sp.get(k) ?? undefined;
  const v = sp[k];
  return Array.isArray(v) ? v[0] : v;
};

/** Reads the view from the URL; unknown or mismatched values fall back to defaults (a link never breaks the page). */
export function parseWalletView(family: "evm" | "solana", sp: Search): WalletViewState {
  const rawChain = get(sp, "chain");
  const parsed = rawChain ? parseChainId(rawChain) : null;
  const fits = parsed !== null && (parsed === "solana") === (family === "solana");
  const chain: ChainId = fits ? parsed : family === "solana" ? "solana" : DEFAULT_EVM_CHAIN;
  const period = get(sp, "period");
  const show = get(sp, "show");
  const sort = get(sp, "sort");
  return {
    chain,
    chainExplicit: fits,
    period: (PNL_PERIODS as readonly string[]).includes(period ?? "") ? (period as PnlPeriod) : "30d",
    show: show === "sold" || show === "all" ? show : "open",
    sort: (POSITION_SORTS as readonly string[]).includes(sort ?? "") ? (sort as PositionSort) : "value",
    dir: get(sp, "dir") === "asc" ? "asc" : "desc",
  };
}

/** The PnL endpoint's chain: omitted = all EVM chains combined (§4.9) unless the link picked one. */
export function pnlChainOf(family: "evm" | "solana", view: WalletViewState): ChainId | undefined {
  if (family === "solana") return "solana";
  return view.chainExplicit ? view.chain : undefined;
}

/** Search params for a changed view, dropping defaults so links stay short. */
export function walletViewParams(family: "evm" | "solana", view: WalletViewState): URLSearchParams {
  const out = new URLSearchParams();
  if (view.chainExplicit && family === "evm") out.set("chain", view.chain);
  if (view.period !== "30d") out.set("period", view.period);
  if (view.show !== "open") out.set("show", view.show);
  if (view.sort !== "value") out.set("sort", view.sort);
  if (view.dir !== "desc") out.set("dir", view.dir);
  return out;
}
