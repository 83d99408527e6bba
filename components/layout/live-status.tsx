"use client";

import { useStreamStatus } from "@/lib/client/stream/hooks";
import { LiveDot } from "@/components/ui";

/** The live stream's connection state, from the one socket of this tab. */
export function LiveStatus({ showLabel = true }: { showLabel?: boolean }) {
  const { status } = useStreamStatus();
  return <LiveDot state={status} showLabel={showLabel} />;
}
