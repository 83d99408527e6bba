import type { ReactNode } from "react";
import { shortAddress } from "@/lib/api/core";
import { ChainTag, Chip, Pct, Price, SafeText, TokenIcon, Usd } from "@/components/ui";
import type { PaletteOption } from "./palette-options";

function Metric({ label, value }: { label: string; value: unknown }) {
  return (
    <span className="flex w-16 flex-col items-end leading-tight">
      <span className="text-micro text-muted">{label}</span>
      <Usd value={value} className="text-xs" />
    </span>
  );
}

function WalletGlyph() {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-panel-raised text-muted"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4 fill-none stroke-current" strokeWidth="1.6">
        <rect x="3" y="5" width="14" height="11" rx="2" />
        <path d="M13 10.5h2" strokeLinecap="round" />
      </svg>
    </span>
  );
}

function Line({ title, sub }: { title: ReactNode; sub: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col leading-tight">
      <span className="flex min-w-0 items-baseline gap-1.5 text-[13px]">{title}</span>
      <span className="flex min-w-0 items-center gap-2 text-mini text-muted">{sub}</span>
    </span>
  );
}

/** One option's content (the listbox owns the option element, selection and clicks). */
export function SearchRow({ option }: { option: PaletteOption }) {
  if (option.kind === "token") {
    const r = option.result;
    return (
      <>
        <TokenIcon src={r.iconUrl} seed={r.address} size={28} />
        <Line
          title={
            <>
              <SafeText value={r.symbol} max={14} fallback="?" className="font-semibold text-fg" />
              <SafeText value={r.name} max={28} fallback="" className="text-xs text-muted" />
              {option.exact ? <Chip tone="accent">Exact match</Chip> : null}
            </>
          }
          sub={
            <>
              <ChainTag chain={r.chain} />
              <span className="num font-mono">{shortAddress(r.address)}</span>
            </>
          }
        />
        <span className="flex w-24 flex-col items-end leading-tight">
          <Price value={r.priceUsd} className="text-[13px] text-fg" />
          <Pct value={r.priceChange24hPct} className="text-mini" />
        </span>
        <span className="hidden items-center gap-2 sm:flex">
          <Metric label="Liq" value={r.liquidityUsd} />
          <Metric label="MC" value={r.marketCapUsd} />
        </span>
      </>
    );
  }
  if (option.kind === "wallet" || option.kind === "address") {
    const label = option.kind === "wallet" ? "Open wallet" : "Open address";
    const hint =
      option.kind === "wallet"
        ? "No token or pool with this address: go to the wallet page"
        : "Looking up token, pool or wallet…";
    return (
      <>
        <WalletGlyph />
        <Line
          title={
            <>
              <span className="font-semibold text-fg">{label}</span>
              <span className="num truncate font-mono text-xs text-muted">{shortAddress(option.address, 6, 6)}</span>
            </>
          }
          sub={<span className="truncate">{hint}</span>}
        />
      </>
    );
  }
  const e = option.entry;
  if (e.kind === "token")
    return (
      <>
        <TokenIcon src={null} seed={e.address} size={28} />
        <Line
          title={
            <>
              <SafeText value={e.symbol} max={14} fallback="?" className="font-semibold text-fg" />
              <SafeText value={e.name} max={28} fallback="" className="text-xs text-muted" />
            </>
          }
          sub={
            <>
              <ChainTag chain={e.chain} />
              <span className="num font-mono">{shortAddress(e.address)}</span>
            </>
          }
        />
        <RecentMark />
      </>
    );
  if (e.kind === "wallet")
    return (
      <>
        <WalletGlyph />
        <Line
          title={<span className="num font-mono text-xs text-fg">{shortAddress(e.address, 6, 6)}</span>}
          sub="Wallet"
        />
        <RecentMark />
      </>
    );
  return (
    <>
      <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center text-muted">
        ↺
      </span>
      <Line title={<SafeText value={e.q} max={40} className="text-fg" />} sub="Search again" />
      <RecentMark />
    </>
  );
}

function RecentMark() {
  return <span className="text-micro text-muted uppercase">Recent</span>;
}
