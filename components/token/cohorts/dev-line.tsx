import type { ChainId, CohortReport } from "@/lib/api/core";
import { formatSpan } from "@/lib/format";
import { WalletLink } from "../wallet-link";

/** The deployer's holding, and whether (and how soon) it sold. */
export function DevLine({ report, chain }: { report: CohortReport; chain: ChainId }) {
  const d = report.dev;
  if (!d.address) return <p className="border-b border-border px-2 py-1.5 text-mini text-muted">Deployer unknown</p>;
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 border-b border-border px-2 py-1.5 text-mini"
      data-testid="cohort-dev"
    >
      <span className="text-muted">Dev</span>
      <WalletLink address={d.address} chain={chain} />
      <span>
        holds <span className="num">{d.holdPct === null ? "—" : `${d.holdPct.toFixed(2)}%`}</span>
      </span>
      {d.sold ? (
        <span className="font-medium text-down" data-testid="dev-sold">
          sold <span className="num">{d.soldPct.toFixed(2)}%</span> of supply
          {d.firstSellAt !== null ? (
            <>, first sell {formatSpan(d.firstSellAt - report.createdAt)} after launch</>
          ) : null}
        </span>
      ) : (
        <span className="text-up">has not sold</span>
      )}
    </p>
  );
}
