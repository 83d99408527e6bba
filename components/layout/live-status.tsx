"use client";

import { LiveDot } from "@/components/ui";
import { useRefusedCount, useStreamStatus, useWorstDelayMs } from "@/lib/client/stream/hooks";
import { liveStatusView } from "./live-status-model";

/**
 * The live stream's state for the page, from the one socket of this tab: "Partly live" when a view was refused,
 * "Delayed ~N s" when any view is polled (the worst delay), "Live" only when every view is streamed.
 */
export function LiveStatus({ showLabel = true }: { showLabel?: boolean }) {
  const { status } = useStreamStatus();
  const refused = useRefusedCount();
  const delayMs = useWorstDelayMs();
  const v = liveStatusView(status, refused, delayMs);
  return <LiveDot state={v.state} label={v.label} title={v.title} showLabel={showLabel} />;
}
