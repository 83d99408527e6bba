import type { TokenDetail } from "@/lib/api/core";
import { formatPct, formatUsdPrice, safeText } from "@/lib/format";

// The token page's document title. A name that imitates another (mixed scripts, look-alike characters) is flagged
// here too: a tab strip or a bookmark shows the title, not the page's warning mark.

export function tokenTitle(t: Pick<TokenDetail, "symbol" | "name" | "priceUsd" | "priceChange24hPct">): string {
  const sym = safeText(t.symbol, { maxGraphemes: 12 });
  const name = safeText(t.name, { maxGraphemes: 40 });
  const symbol = sym.text || "Token";
  const change = t.priceChange24hPct === null ? "" : ` (${formatPct(t.priceChange24hPct, { signed: true })} 24h)`;
  const imitates = [sym, name].some((s) => s.flags.mixedScript || s.flags.confusable);
  const reads = sym.lookalike && sym.lookalike !== symbol ? ` reads as ${sym.lookalike}` : "";
  const flag = imitates ? `⚠ Lookalike${reads} · ` : sym.suspicious || name.suspicious ? "⚠ " : "";
  return `${flag}${symbol} ${formatUsdPrice(t.priceUsd)}${change}`;
}
