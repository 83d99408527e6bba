import { ImageResponse } from "next/og";
import { OG_COLORS, OgCard } from "@/components/ui/og-card";
import { resolveWalletRoute } from "@/components/wallet/view-state";
import { fetchEndpoint } from "@/lib/server/prefetch";
import { formatSignedUsd, safeText, shortAddress } from "@/lib/format";

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "Wallet PnL card";

/** The 30-day realized-PnL curve as an SVG path (cumulative), scaled into w×h. */
function curvePath(history: { at: number; realizedPnlUsd: number }[], w: number, h: number): string {
  const sorted = [...history].sort((a, b) => a.at - b.at);
  let run = 0;
  const pts = sorted.map((d) => (run += d.realizedPnlUsd));
  if (pts.length < 2) return `M0 ${h / 2} L${w} ${h / 2}`;
  const lo = Math.min(0, ...pts);
  const hi = Math.max(0, ...pts);
  const span = hi - lo || 1;
  return pts
    .map(
      (v, i) =>
        `${i === 0 ? "M" : "L"}${((i / (pts.length - 1)) * w).toFixed(1)} ${(h - ((v - lo) / span) * h).toFixed(1)}`,
    )
    .join(" ");
}

export default async function Image({ params }: { params: Promise<{ address: string }> }) {
  const route = resolveWalletRoute((await params).address);
  const address = route.kind === "invalid" ? null : route.address;
  let name = address ? shortAddress(address, 6, 4) : "Unknown wallet";
  let realized: number | null = null;
  let winRate: number | null = null;
  let trades = 0;
  let path = "M0 90 L1000 90";
  if (address && route.kind !== "invalid") {
    const family = address.startsWith("0x") ? "evm" : "solana";
    const [profile, pnl] = await Promise.allSettled([
      fetchEndpoint("walletProfile", { query: { address } }),
      fetchEndpoint("walletPnl", {
        query: { wallet: address, chain: family === "solana" ? "solana" : undefined, period: "30d" },
      }),
    ]);
    if (profile.status === "fulfilled" && profile.value.data.profile?.displayName)
      name = safeText(profile.value.data.profile.displayName, { maxGraphemes: 28 }).text;
    if (pnl.status === "fulfilled") {
      realized = pnl.value.data.summary.realizedPnlUsd;
      winRate = pnl.value.data.summary.winRate;
      trades = pnl.value.data.summary.trades;
      path = curvePath(pnl.value.data.history, 1000, 180);
    }
  }
  const up = (realized ?? 0) >= 0;
  const color = up ? OG_COLORS.up : OG_COLORS.down;
  return new ImageResponse(
    <OgCard style={{ padding: 64, fontFamily: "sans-serif" }}>
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 28, color: OG_COLORS.muted }}>
        <span>TradeScope · Wallet PnL</span>
        <span>30 days</span>
      </div>
      <div style={{ display: "flex", fontSize: 56, fontWeight: 700, marginTop: 28 }}>{name}</div>
      <div style={{ display: "flex", gap: 64, marginTop: 24, alignItems: "flex-end" }}>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <span style={{ fontSize: 24, color: OG_COLORS.muted }}>Realized PnL</span>
          <span style={{ fontSize: 72, fontWeight: 700, color }}>
            {realized === null ? "—" : formatSignedUsd(realized)}
          </span>
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <span style={{ fontSize: 24, color: OG_COLORS.muted }}>Win rate</span>
          <span style={{ fontSize: 48, fontWeight: 700 }}>{winRate === null ? "—" : `${winRate.toFixed(1)}%`}</span>
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <span style={{ fontSize: 24, color: OG_COLORS.muted }}>Trades</span>
          <span style={{ fontSize: 48, fontWeight: 700 }}>{trades}</span>
        </div>
      </div>
      <svg
        width="1072"
        height="190"
        viewBox="0 0 1000 180"
        style={{ marginTop: 36 }}
        role="img"
        aria-label="Cumulative realized PnL"
      >
        <path d={path} fill="none" stroke={color} strokeWidth="5" />
      </svg>
    </OgCard>,
    size,
  );
}
