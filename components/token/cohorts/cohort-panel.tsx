"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/error-state";
import { type ChainId, COHORT_IDS, type CohortId } from "@/lib/api/core";
import { cohortsOptions } from "@/lib/client/queries";
import { formatCount } from "@/lib/format";
import { PanelSkeleton } from "../panel-skeleton";
import { BundleList } from "./bundle-list";
import { CohortTable } from "./cohort-table";
import { COHORT_LABEL, cohortDefinition, dumpFlags, spanLabel } from "./cohort-view";
import { DevDossier } from "./dev-dossier";
import { DevLine } from "./dev-line";
import { HoldingsChart } from "./holdings-chart";

export interface CohortPanelProps {
  chain: ChainId;
  address: string;
  /** The cohort whose trades the chart shows, if any. */
  marked: CohortId | null;
  onMark(id: CohortId | null): void;
}

/** Who holds the token, by behaviour, each figure opening onto its evidence. */
export function CohortPanel({ chain, address, marked, onMark }: CohortPanelProps) {
  const q = useQuery(cohortsOptions({ chain, address }));
  if (q.isPending) return <PanelSkeleton rows={8} label="Loading holder cohorts" />;
  if (q.error) return <ErrorState error={q.error} onRetry={() => q.refetch()} title="Cohorts could not load" compact />;
  const r = q.data.data;
  const flags = dumpFlags(r);
  const cov = r.coverage;
  return (
    <div className="flex flex-col text-xs" data-testid="cohort-panel">
      {flags.length > 0 ? (
        <ul className="border-b border-border bg-down/10 px-2 py-1 text-down" data-testid="cohort-dumps">
          {flags.map((f) => (
            <li key={f.id} className="font-medium">
              {COHORT_LABEL[f.id]} sold <span className="num">{f.soldPct.toFixed(1)}%</span> of their holding in the
              last {spanLabel(f.windowMs)}
            </li>
          ))}
        </ul>
      ) : null}
      <CohortTable report={r} marked={marked} onMark={onMark} />
      <HoldingsChart report={r} />
      <DevLine report={r} chain={chain} />
      {r.dev.address ? <DevDossier chain={chain} dev={r.dev.address} current={r.address} /> : null}
      <BundleList report={r} chain={chain} />
      <details className="border-b border-border px-2 py-1.5" open>
        <summary className="cursor-pointer text-mini font-medium text-muted">Definitions</summary>
        <dl className="mt-1 grid grid-cols-[4rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-mini">
          {COHORT_IDS.map((id) => (
            <div key={id} className="contents">
              <dt className="text-fg">{COHORT_LABEL[id]}</dt>
              <dd className="text-muted">{cohortDefinition(id, r.rules)}</dd>
            </div>
          ))}
          <dt className="text-fg">% supply</dt>
          <dd className="text-muted">
            Holdings now (top holders list, else the wallet&apos;s own trades) over total supply. Cohorts may overlap.
          </dd>
        </dl>
      </details>
      <p className="px-2 py-1.5 text-mini text-muted" data-testid="cohort-coverage">
        Read <span className="num text-fg">{formatCount(cov.wallets)}</span> wallets&apos; trades · funding checked{" "}
        <span className="num text-fg">{formatCount(cov.fundingChecked)}</span>
        {cov.fundingUnknown ? <> ({formatCount(cov.fundingUnknown)} without a record)</> : null}
        {cov.fundingSkipped ? <> · {formatCount(cov.fundingSkipped)} more on the next refresh</> : null}
        {cov.earlyComplete ? null : <> · launch window longer than the pages read</>}
      </p>
    </div>
  );
}
