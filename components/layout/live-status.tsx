"use client";

import { useRefusedCount, useStreamStatus } from "@/lib/client/stream/hooks";
import { LiveDot } from "@/components/ui";

/** The live stream's connection state, from the one socket of this tab; "Partly live" when a view was refused. */
export function LiveStatus({ showLabel = true }: { showLabel?: boolean }) {
  const { status } = useStreamStatus();
  const refused = useRefusedCount();
  if (status === "live" && refused > 0)
    return (
      <LiveDot
        state="partial"
        showLabel={showLabel}
        title={`Stream connected, but ${refused} live view${refused === 1 ? " is" : "s are"} not live (stream limits)`}
      />
    );
  return <LiveDot state={status} showLabel={showLabel} />;
}
