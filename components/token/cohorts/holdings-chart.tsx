import { cn } from "@/components/ui/cn";
import type { CohortReport } from "@/lib/api/core";
import { formatTimeOfDay } from "@/lib/format";
import { COHORT_FILL, COHORT_LABEL, COHORT_STROKE, holdingLines } from "./cohort-view";

const W = 300;
const H = 64;

/** Each cohort's holdings (share of supply, from its trades) since launch, on one scale. */
export function HoldingsChart({ report }: { report: CohortReport }) {
  const lines = holdingLines(report, W, H);
  const first = report.seriesTimes[0];
  const last = report.seriesTimes.at(-1);
  return (
    <figure className="border-b border-border px-2 py-1.5" data-testid="cohort-holdings">
      <figcaption className="mb-1 flex justify-between text-mini text-muted">
        <span>Held since launch (% of supply)</span>
        <span className="num">
          {formatTimeOfDay(first, "UTC")}–{formatTimeOfDay(last, "UTC")} UTC
        </span>
      </figcaption>
      {lines.length === 0 ? (
        <p className="py-3 text-center text-mini text-muted">No cohort trades yet</p>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-16 w-full overflow-visible"
          role="img"
          aria-label="Cohort holdings over time"
        >
          {lines.map((l) => (
            <polyline
              key={l.id}
              points={l.points}
              fill="none"
              strokeWidth="1.5"
              vectorEffect="non-scaling-stroke"
              className={COHORT_STROKE[l.id]}
            />
          ))}
        </svg>
      )}
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-micro text-muted">
        {lines.map((l) => (
          <li key={l.id} className="flex items-center gap-1">
            <span aria-hidden="true" className={cn("h-0.5 w-3", COHORT_FILL[l.id])} />
            {COHORT_LABEL[l.id]} <span className="num text-fg">{l.last.toFixed(2)}%</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
