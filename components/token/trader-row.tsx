import { Age } from "@/components/ui/age";
import { cn } from "@/components/ui/cn";
import type { ChainId, CohortId, TraderRow, TraderTag } from "@/lib/api/core";
import { totalPnl } from "@/lib/api/core";
import { formatCompact, formatCount, formatDateTimeUtc, formatSignedUsd, formatUsd } from "@/lib/format";
import { WalletLink } from "./wallet-link";

const TAGS: Record<TraderTag, { label: string; cohort: CohortId; title: string; tone: string }> = {
  dev: { label: "DEV", cohort: "dev", title: "The token's deployer", tone: "border-down/40 bg-down/10 text-down" },
  sniper: {
    label: "SNIPER",
    cohort: "snipers",
    title: "Bought within seconds of the launch",
    tone: "border-amber-400/40 bg-amber-400/10 text-amber-300",
  },
  bundle: {
    label: "BUNDLE",
    cohort: "bundles",
    title: "Bought in one block with other wallets funded from one source",
    tone: "border-accent/40 bg-accent/15 text-accent",
  },
  fresh: {
    label: "FRESH",
    cohort: "fresh",
    title: "First funded shortly before its first buy",
    tone: "border-up/40 bg-up/10 text-up",
  },
};

const tone = (v: number) => (v > 0 ? "text-up" : v < 0 ? "text-down" : "text-muted");

export function TraderRowView({
  rank,
  row,
  chain,
  tapeFrom,
  onEvidence,
}: {
  rank: number;
  row: TraderRow;
  chain: ChainId;
  tapeFrom: number | null;
  onEvidence(id: CohortId): void;
}) {
  const pnl = totalPnl(row);
  const partial = row.coverage === "partial";
  return (
    <tr
      className="border-b border-border/50 hover:bg-panel-raised/50"
      data-testid="trader-row"
      data-wallet={row.wallet}
      data-coverage={row.coverage}
    >
      <td className="num px-2 py-1 text-right text-muted">{rank}</td>
      <td className="max-w-[12rem] px-1 py-1">
        <span className="flex min-w-0 items-center gap-1">
          <WalletLink address={row.wallet} chain={chain} />
          {row.tags.map((t) => (
            <button
              key={t}
              type="button"
              onClick={() => onEvidence(TAGS[t].cohort)}
              title={`${TAGS[t].title}: show the evidence`}
              data-testid="trader-tag"
              data-tag={t}
              className={cn(
                "inline-flex shrink-0 items-center rounded border px-1 text-[9px] font-semibold leading-4 tracking-wide",
                TAGS[t].tone,
              )}
            >
              {TAGS[t].label}
            </button>
          ))}
          {partial ? (
            <span
              className="shrink-0 text-micro text-amber-300"
              data-testid="trader-partial"
              title={`Traded before the oldest trade read${tapeFrom ? ` (${formatDateTimeUtc(tapeFrom)})` : ""}: figures cover the trades read only`}
            >
              older
            </span>
          ) : null}
        </span>
      </td>
      <td className="px-1 py-1 text-right">
        <div className="num text-up">{formatUsd(row.boughtUsd)}</div>
        <div className="num text-micro text-muted">{formatCompact(row.boughtAmount)}</div>
      </td>
      <td className="px-1 py-1 text-right">
        <div className="num text-down">{formatUsd(row.soldUsd)}</div>
        <div className="num text-micro text-muted">{formatCompact(row.soldAmount)}</div>
      </td>
      <td
        className="px-1 py-1 text-right"
        title={`Realized ${formatSignedUsd(row.realizedPnlUsd)} · unrealized ${row.unrealizedPnlUsd === null ? "unknown" : formatSignedUsd(row.unrealizedPnlUsd)}`}
      >
        <div className={cn("num font-medium", tone(pnl))} data-testid="trader-pnl">
          {formatSignedUsd(pnl)}
        </div>
        <div className="num hidden whitespace-nowrap text-micro text-muted sm:block">
          <span className={tone(row.realizedPnlUsd)}>{formatSignedUsd(row.realizedPnlUsd)}</span>
          {" / "}
          <span className={tone(row.unrealizedPnlUsd ?? 0)}>
            {row.unrealizedPnlUsd === null ? "—" : formatSignedUsd(row.unrealizedPnlUsd)}
          </span>
        </div>
      </td>
      <td
        className="num hidden px-1 py-1 text-right md:table-cell"
        title={row.holdingFrom === "holders" ? "From the holders list" : "From its trades"}
      >
        {row.holdingAmount > 0 ? formatCompact(row.holdingAmount) : <span className="text-muted">0</span>}
      </td>
      <td className="num hidden px-1 py-1 text-right sm:table-cell">{formatCount(row.trades)}</td>
      <td className="hidden px-2 py-1 text-right text-muted sm:table-cell">
        {row.firstBuyAt === null ? "—" : <Age at={row.firstBuyAt} />}
      </td>
    </tr>
  );
}
