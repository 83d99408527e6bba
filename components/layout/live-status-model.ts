import { delayLabel } from "@/components/ui/liveness-chip";
import type { ConnectionStatus } from "@/lib/client/stream/hooks";

export interface LiveStatusView {
  state: "live" | "delayed" | "partial" | ConnectionStatus;
  label?: string;
  title?: string;
}

/**
 * A page's overall live status: the connection's state; once connected, "Partly live" when a view was refused,
 * "Delayed ~N s" (the worst delay) when any view is polled, and "Live" only when every view is streamed.
 */
export function liveStatusView(status: ConnectionStatus, refused: number, worstDelayMs: number | null): LiveStatusView {
  if (status !== "live") return { state: status };
  if (refused > 0)
    return {
      state: "partial",
      title: `Stream connected, but ${refused} live view${refused === 1 ? " is" : "s are"} not available live`,
    };
  if (worstDelayMs !== null)
    return {
      state: "delayed",
      label: delayLabel({ mode: "poll", delayMs: worstDelayMs }) ?? undefined,
      title: "Many viewers right now: some live data on this page arrives every few seconds; live again when it is among the most viewed",
    };
  return { state: "live" };
}
