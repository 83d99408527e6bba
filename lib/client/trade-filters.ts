import type { TokenTrade } from "@/lib/api/core";

// Tape filters (§4.3 "additional filters", our names): sent to REST and applied to live rows alike.
export interface TradeFilters {
  type?: "buy" | "sell";
  minUsd?: number;
  maxUsd?: number;
  maker?: string;
  washFilter?: "washOnly" | "organicOnly";
}

export function matchesTradeFilters(row: TokenTrade, f: TradeFilters | undefined): boolean {
  if (!f) return true;
  if (f.type === "buy" && !row.isBuy) return false;
  if (f.type === "sell" && row.isBuy) return false;
  if (f.minUsd !== undefined && row.volumeUsd < f.minUsd) return false;
  if (f.maxUsd !== undefined && row.volumeUsd > f.maxUsd) return false;
  if (f.maker !== undefined && row.maker.toLowerCase() !== f.maker.toLowerCase()) return false;
  if (f.washFilter === "washOnly" && row.isWash !== true) return false;
  if (f.washFilter === "organicOnly" && row.isWash === true) return false;
  return true;
}
