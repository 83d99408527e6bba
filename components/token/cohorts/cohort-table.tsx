import { cn } from "@/components/ui/cn";
import { type HeadColumn, TableHead } from "@/components/ui/table-head";
import type { CohortId, CohortReport } from "@/lib/api/core";
import { formatCount } from "@/lib/format";
import { COHORT_FILL, COHORT_LABEL, cohortDefinition, DUMP_FLAG_PCT, spanLabel } from "./cohort-view";

const pct = (v: number | null) => (v === null ? "—" : `${v.toFixed(v >= 10 ? 1 : 2)}%`);

function columns(report: CohortReport): HeadColumn[] {
  const span = spanLabel(report.rules.recentWindowMs);
  return [
    { name: "Cohort", className: "px-2 py-1 text-left" },
    { name: "Wallets", className: "px-1 py-1 text-right" },
    { name: "Hold", className: "px-1 py-1 text-right", title: "Share of supply held now" },
    { name: "Bought", className: "px-1 py-1 text-right", title: "Share of supply bought" },
    {
      name: `Sold ${span.replace(" min", "m")}`,
      className: "px-1 py-1 text-right",
      title: `Share of their holding sold in the last ${span}`,
    },
    { name: "Chart", className: "px-2 py-1 text-right" },
  ];
}

/** One row per cohort: members, share of supply held now and bought, recent selling, and its chart markers. */
export function CohortTable({
  report,
  marked,
  onMark,
}: {
  report: CohortReport;
  marked: CohortId | null;
  onMark(id: CohortId | null): void;
}) {
  return (
    <table className="w-full border-b border-border text-xs" data-testid="cohort-table">
      <TableHead className="whitespace-nowrap border-b border-border" columns={columns(report)} />
      <tbody>
        {report.cohorts.map((c) => {
          const dumping = c.soldRecentPct !== null && c.soldRecentPct >= DUMP_FLAG_PCT;
          const on = marked === c.id;
          return (
            <tr key={c.id} className="border-b border-border/50 last:border-0" data-cohort={c.id}>
              <th scope="row" className="px-2 py-1 text-left font-normal" title={cohortDefinition(c.id, report.rules)}>
                <span className="flex items-center gap-1.5">
                  <span aria-hidden="true" className={cn("size-2 rounded-full", COHORT_FILL[c.id])} />
                  {COHORT_LABEL[c.id]}
                </span>
              </th>
              <td className="num px-1 py-1 text-right">{formatCount(c.wallets.length)}</td>
              <td className="num px-1 py-1 text-right text-fg">{pct(c.holdPct)}</td>
              <td className="num px-1 py-1 text-right text-muted">{pct(c.boughtPct)}</td>
              <td className={cn("num px-1 py-1 text-right", dumping ? "font-semibold text-down" : "text-muted")}>
                {pct(c.soldRecentPct)}
              </td>
              <td className="px-2 py-1 text-right">
                <button
                  type="button"
                  aria-pressed={on}
                  disabled={c.wallets.length === 0}
                  onClick={() => onMark(on ? null : c.id)}
                  title={`Show the ${COHORT_LABEL[c.id].toLowerCase()}' trades on the chart`}
                  className={cn(
                    "rounded border px-1.5 text-micro leading-4 disabled:opacity-40",
                    on ? "border-accent bg-accent/20 text-accent" : "border-border text-muted hover:text-fg",
                  )}
                >
                  {on ? "On" : "Show"}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
