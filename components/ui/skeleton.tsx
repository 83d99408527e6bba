import { cn } from "./cn";

/** A placeholder block while data loads (pulses only when motion is welcome). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("block rounded bg-panel-raised motion-safe:animate-pulse", className ?? "h-4 w-full")}
    />
  );
}

/** Rows of placeholders for a list or table, announced once as loading. */
export function SkeletonRows({
  rows = 8,
  rowClassName = "h-7",
  label = "Loading",
}: {
  rows?: number;
  rowClassName?: string;
  label?: string;
}) {
  const n = Math.max(1, Math.min(50, Math.trunc(rows)));
  return (
    <div role="status" aria-label={label} aria-busy="true" className="flex flex-col gap-1.5">
      {Array.from({ length: n }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical static placeholders; position is their identity
        <Skeleton key={i} className={cn("w-full", rowClassName)} />
      ))}
    </div>
  );
}
