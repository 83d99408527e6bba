import {
  type ChainId,
  canonicalAddressFor,
  isEvmAddress,
  isSolanaAddress,
  type OhlcvInterval,
  parseChainId,
  type Quote,
} from "@/lib/api/core";
import { parseInterval } from "@/components/chart/intervals";

// The multi-chart layout lives in the URL so a grid can be shared:
//   /charts?layout=2x2&c=evm:8453:0xabc…:5m:usd,solana:7xKX…:1m:native,,
// one entry per cell (chain:address:interval:quote; interval and quote may be left out), empty for an empty cell.
// Every entry is checked on read: a bad one becomes an error cell that says why, never a crash.

export const LAYOUTS = {
  "1x2": { rows: 1, cols: 2 },
  "2x2": { rows: 2, cols: 2 },
  "3x3": { rows: 3, cols: 3 },
} as const;
export type LayoutId = keyof typeof LAYOUTS;
export const LAYOUT_IDS = Object.keys(LAYOUTS) as LayoutId[];
export const DEFAULT_LAYOUT: LayoutId = "2x2";
export const DEFAULT_CELL_INTERVAL: OhlcvInterval = "5m";
/** Entries longer than this are refused before parsing (an entry is ~70 characters). */
const ENTRY_MAX = 200;

export interface ChartSpec {
  chain: ChainId;
  address: string;
  interval: OhlcvInterval;
  quote: Quote;
}
export type ChartCell =
  | { kind: "empty" }
  | ({ kind: "chart" } & ChartSpec)
  | { kind: "error"; raw: string; message: string };

export interface ChartsLayout {
  layout: LayoutId;
  /** Exactly rows × cols cells. */
  cells: ChartCell[];
}

export const cellCount = (layout: LayoutId) => LAYOUTS[layout].rows * LAYOUTS[layout].cols;
const EMPTY: ChartCell = { kind: "empty" };

const looksLikeAddress = (s: string) => isEvmAddress(s) || isSolanaAddress(s);

/** One URL entry as a cell. */
export function decodeCell(raw: string): ChartCell {
  const text = raw.trim();
  if (!text) return EMPTY;
  const bad = (message: string): ChartCell => ({ kind: "error", raw: text.slice(0, ENTRY_MAX), message });
  if (text.length > ENTRY_MAX) return bad("This entry is too long to be a chart");
  const parts = text.split(":");
  const at = parts.findIndex(looksLikeAddress);
  if (at < 0) return bad("No token address in this entry (expected chain:address:interval:quote)");
  if (at === 0) return bad("The chain is missing before the address (e.g. solana: or evm:8453:)");
  const chainText = parts.slice(0, at).join(":");
  const chain = parseChainId(chainText);
  if (!chain) return bad(`Unknown chain "${chainText.slice(0, 24)}" (use evm:<chain id> or solana)`);
  const address = canonicalAddressFor(chain, parts[at] ?? "");
  if (!address) return bad(`Not ${chain === "solana" ? "a Solana" : "an EVM"} token address`);
  const rest = parts.slice(at + 1);
  if (rest.length > 2) return bad("Too many parts after the address (expected interval:quote)");
  const interval = rest[0] ? parseInterval(rest[0]) : DEFAULT_CELL_INTERVAL;
  if (!interval) return bad(`Unknown interval "${(rest[0] ?? "").slice(0, 8)}" (e.g. 1m, 5m, 1h)`);
  const q = rest[1] ?? "native";
  if (q !== "usd" && q !== "native") return bad(`Unknown quote "${q.slice(0, 8)}" (usd or native)`);
  return { kind: "chart", chain, address, interval, quote: q };
}

export function encodeCell(cell: ChartCell): string {
  if (cell.kind === "empty") return "";
  if (cell.kind === "error") return cell.raw;
  return `${cell.chain}:${cell.address}:${cell.interval}:${cell.quote}`;
}

type Search = URLSearchParams | Record<string, string | string[] | undefined>;
const get = (sp: Search, k: string): string | undefined => {
  if (sp instanceof URLSearchParams) return sp.get(k) ?? undefined;
  const v = sp[k];
  return Array.isArray(v) ? v[0] : v;
};

/** The layout a URL asks for; `notice` says what was set aside (an unknown layout, entries past the grid). */
export function decodeLayout(sp: Search): ChartsLayout & { notice: string | null } {
  const rawLayout = get(sp, "layout");
  const entries = (get(sp, "c") ?? "").split(",").slice(0, 64);
  while (entries.length > 0 && (entries.at(-1) ?? "").trim() === "") entries.pop();
  let layout: LayoutId;
  let notice: string | null = null;
  if (rawLayout && (LAYOUT_IDS as string[]).includes(rawLayout)) layout = rawLayout as LayoutId;
  else {
    // No (known) layout named: the smallest grid that holds the entries, 2×2 for none.
    layout = entries.length === 0 ? DEFAULT_LAYOUT : (LAYOUT_IDS.find((l) => cellCount(l) >= entries.length) ?? "3x3");
    if (rawLayout) notice = `Unknown layout "${rawLayout.slice(0, 12)}": showing ${layout.replace("x", "×")}`;
  }
  const n = cellCount(layout);
  if (entries.length > n)
    notice = `${notice ? `${notice}. ` : ""}${entries.length - n} chart${entries.length - n > 1 ? "s" : ""} past the ${layout.replace("x", "×")} grid left out`;
  const cells = Array.from({ length: n }, (_, i) => decodeCell(entries[i] ?? ""));
  return { layout, cells, notice };
}

/** The query string of a layout (`:` and `,` left readable; trailing empty cells dropped). */
export function encodeLayout(l: ChartsLayout): string {
  const entries = l.cells
    .slice(0, cellCount(l.layout))
    .map((c) => encodeURIComponent(encodeCell(c)).replace(/%3A/gi, ":"));
  while (entries.length > 0 && entries.at(-1) === "") entries.pop();
  return entries.length > 0 ? `layout=${l.layout}&c=${entries.join(",")}` : `layout=${l.layout}`;
}

/** Switches the grid: cells keep their places; the ones past a smaller grid are dropped. */
export function resizeLayout(l: ChartsLayout, layout: LayoutId): ChartsLayout {
  const n = cellCount(layout);
  return { layout, cells: Array.from({ length: n }, (_, i) => l.cells[i] ?? EMPTY) };
}

export function setCell(l: ChartsLayout, index: number, cell: ChartCell): ChartsLayout {
  if (index < 0 || index >= l.cells.length) return l;
  const cells = l.cells.slice();
  cells[index] = cell;
  return { ...l, cells };
}
