"use client";

import { Chip } from "@/components/ui/badge";
import { LivenessChip } from "@/components/ui/liveness-chip";
import type { CandleStreamInput } from "@/lib/client/stream/hooks";
import { describeSubError, useStreamStatus, useStreamStore } from "@/lib/client/stream/hooks";
import { streamKey } from "@/lib/client/stream/hooks/use-subscription";

/**
 * A cell's freshness, read from the subscription the chart holds (no second one): Live when streamed, "Delayed ~N s"
 * when the gateway polls it (beyond the stream budget), not live when refused or while the stream reconnects.
 */
export function CellLiveBadge({ input }: { input: CandleStreamInput }) {
  const key = streamKey("ohlcv", { ...input, quote: input.quote ?? "native" });
  const liveness = useStreamStore((s) => s.liveness[key] ?? null);
  const refused = useStreamStore((s) => s.subErrors[key] ?? null);
  const { status } = useStreamStatus();
  if (refused) {
    const d = describeSubError(refused);
    return (
      <Chip tone="warn" title={d.detail}>
        <span data-testid="cell-live" data-live="false">
          {d.short}
        </span>
      </Chip>
    );
  }
  if (status !== "live")
    return (
      <Chip tone="warn" title="The live feed is reconnecting; candles are repaired when it is back">
        <span data-testid="cell-live" data-live="false">
          {status === "offline" ? "Offline" : status === "connecting" ? "Connecting" : "Reconnecting"}
        </span>
      </Chip>
    );
  return (
    <span data-testid="cell-live" data-live="true" data-mode={liveness?.mode ?? "stream"}>
      <LivenessChip liveness={liveness} what="candles" />
    </span>
  );
}
