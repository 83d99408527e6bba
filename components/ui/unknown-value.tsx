import { DASH } from "@/lib/format/symbols";
import { cn } from "./cn";

/** §1.5: null is unknown, shown as a muted dash, never as 0. */
export function UnknownValue({ className }: { className?: string }) {
  return (
    <span className={cn("num text-muted", className)} title="Unknown">
      {DASH}
    </span>
  );
}
