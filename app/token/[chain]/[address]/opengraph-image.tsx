import { ImageResponse } from "next/og";
import type { ReactNode } from "react";
import { selectPools } from "@/components/token/pools";
import { OG_COLORS, OgCard } from "@/components/ui/og-card";
import { sparklineGeometry } from "@/components/ui/sparkline-path";
import { chainInfo, type TokenDetail } from "@/lib/api";
import { formatPct, formatUsd, priceParts } from "@/lib/format";
import { fetchEndpoint } from "@/lib/server/prefetch";
import { loadToken } from "./load-token";
import { ogText } from "./og-text";
import { resolveTokenRoute } from "./route-params";

// The card a pasted link unfolds into: symbol, price, 24h change and recent prices as a small line.

export const alt = "Token price card";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

const { panel: PANEL, muted: MUTED, up: UP, down: DOWN } = OG_COLORS;
const LINE_W = 1040;
const LINE_H = 220;

/** Enough candles for a line whatever the token's age: its whole life when young, the last two days otherwise. */
function lineWindow(ageMs: number): { interval: "1m" | "15m" | "1h"; limit: number } {
  if (ageMs < 3 * 3600_000) return { interval: "1m", limit: 180 };
  if (ageMs < 2 * 86400_000) return { interval: "15m", limit: 192 };
  return { interval: "1h", limit: 48 };
}

async function closes(t: TokenDetail, chain: Parameters<typeof loadToken>[0], asOf: number): Promise<number[]> {
  try {
    const { interval, limit } = lineWindow(Math.max(0, asOf - t.createdAt));
    const pools = await fetchEndpoint("tokenPools", { query: { chain, address: t.address } });
    const chosen = selectPools(pools.data, null, t.pool?.address ?? null);
    if (chosen.length === 0) return [];
    const c = await fetchEndpoint("ohlcv", {
      query: { chain, address: t.address, pools: chosen, interval, limit },
    });
    return c.data.map((b) => b.close);
  } catch {
    return [];
  }
}

function PriceText({ value }: { value: number | null }) {
  const p = priceParts(value);
  if (!p) return <span>—</span>;
  return (
    <span style={{ display: "flex", alignItems: "flex-end" }}>
      {`${p.sign}$${p.lead}`}
      {p.zeros > 0 ? <span style={{ fontSize: 48, marginBottom: -6 }}>{String(p.zeros)}</span> : null}
      {`${p.rest}${p.suffix}`}
    </span>
  );
}

function Card({ children }: { children: ReactNode }) {
  return <OgCard style={{ padding: 56, fontSize: 32 }}>{children}</OgCard>;
}

export default async function Image({ params }: { params: Promise<{ chain: string; address: string }> }) {
  const p = await params;
  const route = resolveTokenRoute(p.chain, p.address);
  const loaded = route.kind === "invalid" ? null : await loadToken(route.chain, route.address);
  if (route.kind === "invalid" || !loaded?.ok) {
    const title = route.kind === "invalid" ? "Not a token address" : "Token not found";
    return new ImageResponse(
      <Card>
        <div style={{ display: "flex", fontSize: 64, fontWeight: 700, marginTop: 180 }}>{title}</div>
        <div style={{ display: "flex", color: MUTED, marginTop: 16 }}>TradeScope</div>
      </Card>,
      size,
    );
  }
  const t = loaded.env.data;
  const values = await closes(t, route.chain, loaded.env.meta.asOf);
  const line = sparklineGeometry(values, LINE_W, LINE_H, 6);
  const change = t.priceChange24hPct;
  const tone = change === null ? MUTED : change >= 0 ? UP : DOWN;
  const stroke = line ? (line.direction === "down" ? DOWN : line.direction === "up" ? UP : MUTED) : MUTED;
  const symbol = ogText(t.symbol, 12, "TOKEN");
  const name = ogText(t.name, 32, symbol);
  const chainName = ogText(chainInfo(route.chain)?.name ?? route.chain, 20, "");

  return new ImageResponse(
    <Card>
      <div style={{ display: "flex", alignItems: "baseline", gap: 20 }}>
        <span style={{ fontSize: 72, fontWeight: 700 }}>{symbol}</span>
        <span style={{ fontSize: 34, color: MUTED }}>{name}</span>
        <span style={{ marginLeft: "auto", fontSize: 28, color: MUTED }}>{chainName}</span>
      </div>
      <div style={{ display: "flex", alignItems: "baseline", gap: 28, marginTop: 8 }}>
        <span style={{ display: "flex", fontSize: 88, fontWeight: 700 }}>
          <PriceText value={t.priceUsd} />
        </span>
        <span style={{ fontSize: 44, color: tone }}>
          {change === null ? "" : `${formatPct(change, { signed: true })} 24h`}
        </span>
      </div>
      <div style={{ display: "flex", gap: 36, fontSize: 28, color: MUTED, marginTop: 4 }}>
        <span>{`MCap ${formatUsd(t.marketCapUsd)}`}</span>
        <span>{`Liq ${formatUsd(t.liquidityUsd)}`}</span>
        <span>{`Vol 24h ${formatUsd(t.volume24hUsd)}`}</span>
      </div>
      <div style={{ display: "flex", marginTop: "auto", background: PANEL, borderRadius: 16, padding: 12 }}>
        {line ? (
          <svg aria-hidden="true" width={LINE_W} height={LINE_H} viewBox={`0 0 ${LINE_W} ${LINE_H}`}>
            <polyline
              points={line.points}
              fill="none"
              stroke={stroke}
              strokeWidth="4"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        ) : (
          <div
            style={{
              display: "flex",
              width: LINE_W,
              height: LINE_H,
              alignItems: "center",
              justifyContent: "center",
              color: MUTED,
            }}
          >
            No price history yet
          </div>
        )}
      </div>
    </Card>,
    size,
  );
}
