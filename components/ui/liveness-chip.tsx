import type { Liveness } from "@/lib/client/stream/hooks";
import { Chip } from "./badge";

/** "Delayed ~N s" for a polled resource (whole seconds, at least 1); null when it is streamed. */
export function delayLabel(liveness: Liveness | null): string | null {
  if (liveness?.mode !== "poll") return null;
  return `Delayed ~${Math.max(1, Math.round((liveness.delayMs ?? 0) / 1000))} s`;
}

/** How fresh a live view is: "Live" when streamed, "Delayed ~N s" when the gateway polls it for this viewer. */
export function LivenessChip({ liveness, what }: { liveness: Liveness | null; what: string }) {
  const delayed = delayLabel(liveness);
  if (!delayed)
    return (
      <Chip tone="up" title={`New ${what} appear as they happen`}>
        <span data-testid="liveness" data-mode="stream">
          Live
        </span>
      </Chip>
    );
  return (
    <Chip tone="warn" title={`Many viewers right now: new ${what} arrive every few seconds; live again when this token is among the most viewed`}>
      <span data-testid="liveness" data-mode="poll">
        {delayed}
      </span>
    </Chip>
  );
}
