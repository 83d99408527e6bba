import { SkeletonRows } from "@/components/ui/skeleton";

/** A token side panel (holders, stats, cohorts) while its first answer loads: `rows` text-high placeholder rows. */
export function PanelSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="p-2">
      <SkeletonRows rows={rows} rowClassName="h-5" label={label} />
    </div>
  );
}
