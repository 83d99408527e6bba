import { cn } from "./cn";

export type ConnectionState = "live" | "delayed" | "partial" | "connecting" | "reconnecting" | "offline";

const STATES: Record<ConnectionState, { label: string; dot: string; ring?: string }> = {
  // Pings three times on going live, then holds still: an endless ping redraws the page every frame (on a software-
  // rendered browser, a third of the main thread on /pulse).
  live: { label: "Live", dot: "bg-up", ring: "bg-up/60 motion-safe:animate-[ping_1s_cubic-bezier(0,0,0.2,1)_3]" },
  delayed: { label: "Delayed", dot: "bg-amber-400" },
  partial: { label: "Partly live", dot: "bg-amber-400" },
  connecting: { label: "Connecting", dot: "bg-amber-400 motion-safe:animate-pulse" },
  reconnecting: { label: "Reconnecting", dot: "bg-amber-400 motion-safe:animate-pulse" },
  offline: { label: "Offline", dot: "bg-down" },
};

/** Connection state of the live stream: a coloured dot, with a visible or screen-reader label (`label` overrides it). */
export function LiveDot({
  state,
  showLabel = true,
  label,
  title,
  className,
}: {
  state: ConnectionState;
  label?: string;
  title?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const s = STATES[state];
  const text = label ?? s.label;
  return (
    <span
      role="status"
      className={cn("inline-flex items-center gap-1.5 text-xs", className)}
      title={title ?? `Stream: ${text}`}
    >
      <span aria-hidden="true" className="relative flex size-2">
        {s.ring ? <span className={cn("absolute inline-flex size-full rounded-full", s.ring)} /> : null}
        <span className={cn("relative inline-flex size-2 rounded-full", s.dot)} />
      </span>
      <span className={showLabel ? "text-muted" : "sr-only"}>{text}</span>
    </span>
  );
}
