import type { ChartMetric } from "@/components/chart/bars";
import { parseInterval } from "@/components/chart/intervals";
import { type ChainId, canonicalAddressFor, type OhlcvInterval, type Quote } from "@/lib/api/core";
import type { TradeFilters } from "@/lib/client/trade-filters";

// Everything a trader changes on the token page lives in the URL, so a copied link reproduces the view.

export const TOKEN_TABS = ["trades", "pools", "holders", "cohorts", "stats", "about"] as const;
export type TokenTab = (typeof TOKEN_TABS)[number];
export type WashView = "all" | "organic" | "wash";
/** What the panel under the chart lists: the trade tape or the top traders. */
export const TOKEN_LISTS = ["trades", "traders"] as const;
export type TokenList = (typeof TOKEN_LISTS)[number];

export interface TokenViewState {
  /** null: the default for the token's age. */
  interval: OhlcvInterval | null;
  quote: Quote;
  metric: ChartMetric;
  /** One pool, or null for the token's top pools aggregated. */
  pool: string | null;
  maker: string | null;
  wash: WashView;
  tab: TokenTab;
  list: TokenList;
}

export const DEFAULT_VIEW: TokenViewState = {
  interval: null,
  quote: "native",
  metric: "price",
  pool: null,
  maker: null,
  wash: "all",
  tab: "trades",
  list: "trades",
};

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function get(p: RawParams, name: string): string | undefined {
  if (p instanceof URLSearchParams) return p.get(name) ?? undefined;
  const v = p[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Reads the view from search params; anything invalid falls back to the default (never an error page). */
export function parseViewState(chain: ChainId, p: RawParams): TokenViewState {
  const solana = chain === "solana";
  const quote = get(p, "quote") === "usd" ? "usd" : "native";
  const metric = get(p, "metric") === "mcap" ? "mcap" : "price";
  const poolRaw = get(p, "pool");
  const makerRaw = get(p, "maker");
  const washRaw = get(p, "wash");
  const tabRaw = get(p, "tab");
  const listRaw = get(p, "list");
  return {
    interval: parseInterval(get(p, "interval")),
    quote,
    metric,
    pool: poolRaw ? canonicalAddressFor(chain, poolRaw) : null,
    maker: makerRaw ? canonicalAddressFor(chain, makerRaw) : null,
    wash: solana && (washRaw === "organic" || washRaw === "wash") ? washRaw : "all",
    tab: (TOKEN_TABS as readonly string[]).includes(tabRaw ?? "") ? (tabRaw as TokenTab) : "trades",
    list: listRaw === "traders" ? "traders" : "trades",
  };
}

/** Search params for a view: defaults are left out so links stay short. Other params are kept as they are. */
export function viewSearchParams(state: TokenViewState, keep?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(keep);
  const set = (name: string, value: string | null, def: string | null) => {
    if (value === null || value === def) out.delete(name);
    else out.set(name, value);
  };
  set("interval", state.interval, DEFAULT_VIEW.interval);
  set("quote", state.quote, DEFAULT_VIEW.quote);
  set("metric", state.metric, DEFAULT_VIEW.metric);
  set("pool", state.pool, null);
  set("maker", state.maker, null);
  set("wash", state.wash, DEFAULT_VIEW.wash);
  set("tab", state.tab, DEFAULT_VIEW.tab);
  set("list", state.list, DEFAULT_VIEW.list);
  return out;
}

/** The §4.3 wash filter parameter for a view (Solana only). */
export function washFilterOf(w: WashView): "washOnly" | "organicOnly" | undefined {
  return w === "organic" ? "organicOnly" : w === "wash" ? "washOnly" : undefined;
}

/** The tape's §4.3 filters for a view: its maker, and on Solana its wash filter (the server prefetch uses it too). */
export function tapeFiltersOf(chain: ChainId, view: Pick<TokenViewState, "maker" | "wash">): TradeFilters {
  return { maker: view.maker ?? undefined, washFilter: chain === "solana" ? washFilterOf(view.wash) : undefined };
}

/** The chart's quote: USD only where the service offers it (Solana). */
export function chartQuoteOf(chain: ChainId, view: Pick<TokenViewState, "quote">): Quote {
  return chain === "solana" ? view.quote : "native";
}
