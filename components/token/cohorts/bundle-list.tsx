import { type HeadColumn, TableHead } from "@/components/ui/table-head";
import type { ChainId, CohortReport } from "@/lib/api/core";
import { chainInfo } from "@/lib/api/core";
import { formatSpan, formatUnitsCompact, shortAddress } from "@/lib/format";
import { WalletLink } from "../wallet-link";
import { spanLabel } from "./cohort-view";

/** Each bundle opens to its wallets, the common funder and the funding transfers behind it. */
const EVIDENCE_COLUMNS: readonly HeadColumn[] = [
  { name: "Wallet", className: "py-0.5 text-left" },
  { name: "Funding tx", className: "py-0.5 text-left" },
  { name: "Funded", className: "py-0.5 text-right" },
  { name: "Amount", className: "py-0.5 text-right" },
  { name: "Holds", className: "py-0.5 text-right" },
];

export function BundleList({ report, chain }: { report: CohortReport; chain: ChainId }) {
  const info = chainInfo(chain);
  const decimals = info?.nativeDecimals ?? (chain === "solana" ? 9 : 18);
  const symbol = info?.nativeSymbol ?? "";
  if (report.bundles.length === 0)
    return (
      <p className="border-b border-border px-2 py-1.5 text-mini text-muted" data-testid="bundle-none">
        No bundle found among the launch&apos;s buyers checked so far.
      </p>
    );
  return (
    <div className="border-b border-border" data-testid="bundle-list">
      {report.bundles.map((b) => (
        <details
          key={`${b.block}:${b.funder}`}
          className="group border-b border-border/50 last:border-0"
          data-testid="bundle"
        >
          <summary className="flex cursor-pointer items-center gap-2 whitespace-nowrap px-2 py-1.5 hover:bg-panel-raised">
            <span className="rounded border border-down/40 bg-down/10 px-1 text-micro font-semibold text-down">
              BUNDLE
            </span>
            <span className="num">{b.wallets.length} wallets</span>
            <span className="truncate text-muted">
              {chain === "solana" ? "slot" : "block"} <span className="num">{b.block}</span>
            </span>
            <span className="num ml-auto" title="Share of supply bought → held now">
              {b.boughtPct.toFixed(2)}% <span className="text-muted">→</span> {b.holdPct.toFixed(2)}%
            </span>
          </summary>
          <div className="px-2 pb-2" data-testid="bundle-evidence">
            <p className="mb-1 flex items-center gap-1 text-mini">
              <span className="text-muted">Common funder</span>
              <WalletLink address={b.funder} chain={chain} chars={6} />
            </p>
            <table className="w-full text-mini">
              <TableHead columns={EVIDENCE_COLUMNS} />
              <tbody>
                {b.wallets.map((w) => (
                  <tr key={w.address} className="border-t border-border/40">
                    <td className="py-0.5">
                      <WalletLink address={w.address} chain={chain} />
                    </td>
                    <td className="num py-0.5 font-mono text-muted" title={w.funding.txHash}>
                      {shortAddress(w.funding.txHash, 4, 4)}
                    </td>
                    <td className="num py-0.5 text-right text-muted" title={new Date(w.funding.fundedAt).toISOString()}>
                      {formatSpan(Math.max(0, b.at - w.funding.fundedAt))} before
                    </td>
                    <td className="num py-0.5 text-right">
                      {formatUnitsCompact(w.funding.amountNative, decimals, symbol)}
                    </td>
                    <td className="num py-0.5 text-right">{w.holdPct.toFixed(2)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-1 text-micro text-muted">
              All bought in one {chain === "solana" ? "slot" : "block"} within {spanLabel(report.rules.earlyWindowMs)}{" "}
              of the launch, each funded first by the wallet above.
            </p>
          </div>
        </details>
      ))}
    </div>
  );
}
