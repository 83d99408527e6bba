import { cn } from "./cn";
import { sparklineGeometry } from "./sparkline-path";

const STROKE = { up: "stroke-up", down: "stroke-down", flat: "stroke-muted" } as const;

/** A tiny price line from values (oldest first), green if it ends higher. No data → a dashed muted line labelled "no data". */
export function Sparkline({
  values,
  width = 64,
  height = 20,
  label = "Price trend",
  className,
}: {
  values: readonly unknown[] | null | undefined;
  width?: number;
  height?: number;
  label?: string;
  className?: string;
}) {
  const g = sparklineGeometry(values ?? [], width, height, 1.5);
  const name = g ? `${label}: ${g.direction === "flat" ? "flat" : g.direction}` : "no data";
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={name}
      className={cn("shrink-0", className)}
    >
      <title>{name}</title>
      {g ? (
        <polyline
          points={g.points}
          fill="none"
          strokeWidth="1.25"
          strokeLinejoin="round"
          strokeLinecap="round"
          className={STROKE[g.direction]}
        />
      ) : (
        <line
          x1="1"
          y1={height / 2}
          x2={width - 1}
          y2={height / 2}
          strokeWidth="1"
          strokeDasharray="2 2"
          className="stroke-muted"
        />
      )}
    </svg>
  );
}
