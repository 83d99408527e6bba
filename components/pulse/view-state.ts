import { type ChainId, PULSE_VIEWS, type PulseView, parseChainId } from "@/lib/api/core";
import { type ColumnFilter, EMPTY_FILTER, parseFilter, writeFilter } from "./filter-params";

// Everything a trader changes on the board lives in the URL, so a copied link reproduces the view:
//   ?chains=solana,evm:8453&tab=bonding&new.limit=100&new.minMcap=5000&bonding.minProgress=50

/** The chains the simulated and real markets keep busiest: the board a first visit opens on. */
export const DEFAULT_CHAINS: readonly ChainId[] = ["solana", "evm:8453", "evm:56"];
/** §4.4: `chains` takes at most 8 ids. */
export const MAX_CHAINS = 8;
export const DEFAULT_LIMIT = 50;
export const LIMIT_CHOICES = [20, 30, 50, 100] as const;
/** §4.4 pulse `limit` bounds. */
const MIN_LIMIT = 1;
const MAX_LIMIT = 100;

export interface ColumnState {
  limit: number;
  filter: ColumnFilter;
}

export interface PulseViewState {
  chains: ChainId[];
  /** The column shown on phones (tabs); desktop shows all three. */
  tab: PulseView;
  columns: Record<PulseView, ColumnState>;
}

export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

export function getParam(p: RawParams, name: string): string | undefined {
  if (p instanceof URLSearchParams) return p.get(name) ?? undefined;
  const v = p[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Valid, canonical, de-duplicated chain ids in the order given, at most 8; none valid → the defaults. */
export function parseChains(raw: string | undefined): ChainId[] {
  const out: ChainId[] = [];
  for (const part of (raw ?? "").split(",")) {
    const c = parseChainId(part.trim());
    if (c && !out.includes(c)) out.push(c);
    if (out.length === MAX_CHAINS) break;
  }
  return out.length > 0 ? out : [...DEFAULT_CHAINS];
}

export function parseLimit(raw: string | undefined): number {
  if (!raw || !/^\d{1,3}$/.test(raw)) return DEFAULT_LIMIT;
  const n = Number(raw);
  return n >= MIN_LIMIT && n <= MAX_LIMIT ? n : DEFAULT_LIMIT;
}

function parseTab(raw: string | undefined): PulseView {
  return (PULSE_VIEWS as readonly string[]).includes(raw ?? "") ? (raw as PulseView) : "new";
}

/** Reads the board from search params; anything invalid falls back to its default (never an error page). */
export function parsePulseView(p: RawParams): PulseViewState {
  const columns = {} as Record<PulseView, ColumnState>;
  for (const view of PULSE_VIEWS) {
    columns[view] = {
      limit: parseLimit(getParam(p, `${view}.limit`)),
      filter: parseFilter((n) => getParam(p, `${view}.${n}`)),
    };
  }
  return { chains: parseChains(getParam(p, "chains")), tab: parseTab(getParam(p, "tab")), columns };
}

export function defaultPulseView(): PulseViewState {
  return parsePulseView(new URLSearchParams());
}

const sameChains = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/** Writes the board into `base` (other params kept); defaults are left out so plain links stay short. */
export function pulseSearchParams(
  state: PulseViewState,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of base) if (!isBoardParam(k)) out.append(k, v);
  if (!sameChains(state.chains, DEFAULT_CHAINS)) out.set("chains", state.chains.join(","));
  if (state.tab !== "new") out.set("tab", state.tab);
  for (const view of PULSE_VIEWS) {
    const col = state.columns[view];
    if (col.limit !== DEFAULT_LIMIT) out.set(`${view}.limit`, String(col.limit));
    for (const [name, value] of writeFilter(col.filter)) out.set(`${view}.${name}`, value);
  }
  return out;
}

function isBoardParam(name: string): boolean {
  if (name === "chains" || name === "tab") return true;
  const dot = name.indexOf(".");
  return dot > 0 && (PULSE_VIEWS as readonly string[]).includes(name.slice(0, dot));
}

export function withColumn(state: PulseViewState, view: PulseView, patch: Partial<ColumnState>): PulseViewState {
  return { ...state, columns: { ...state.columns, [view]: { ...state.columns[view], ...patch } } };
}

export { EMPTY_FILTER };
