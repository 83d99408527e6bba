import { cn } from "./cn";

export type ConnectionState = "live" | "partial" | "connecting" | "reconnecting" | "offline";

const STATES: Record<ConnectionState, { label: string; dot: string; ring?: string }> = {
  live: { label: "Live", dot: "bg-up", ring: "bg-up/60 motion-safe:animate-ping" },
  partial: { label: "Partly live", dot: "bg-amber-400" },
  connecting: { label: "Connecting", dot: "bg-amber-400 motion-safe:animate-pulse" },
  reconnecting: { label: "Reconnecting", dot: "bg-amber-400 motion-safe:animate-pulse" },
  offline: { label: "Offline", dot: "bg-down" },
};

/** Connection state of the live stream: a coloured dot, with a visible or screen-reader label. */
export function LiveDot({
  state,
  showLabel = true,
  title,
  className,
}: {
  state: ConnectionState;
  title?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const s = STATES[state];
  return (
    <span
      role="status"
      className={cn("inline-flex items-center gap-1.5 text-xs", className)}
      title={title ?? `Stream: ${s.label}`}
    >
      <span aria-hidden="true" className="relative flex size-2">
        {s.ring ? <span className={cn("absolute inline-flex size-full rounded-full", s.ring)} /> : null}
        <span className={cn("relative inline-flex size-2 rounded-full", s.dot)} />
      </span>
      <span className={showLabel ? "text-muted" : "sr-only"}>{s.label}</span>
    </span>
  );
}
