"use client";

import type { MouseEvent } from "react";
import { safeText } from "@/lib/format";
import { useIsWatched, useWatchlist } from "@/lib/client/watchlist";

export interface WatchStarProps {
  chain: string;
  address: string;
  symbol?: string | null;
  name?: string | null;
  /** "sm" (16 px icon, for rows and cards) or "md" (20 px, for headers). */
  size?: "sm" | "md";
  className?: string;
}

/** Star toggle for the browser-kept watchlist; safe inside links and clickable rows (stops the click there). */
export function WatchStar({ chain, address, symbol, name, size = "sm", className = "" }: WatchStarProps) {
  const watched = useIsWatched(chain, address);
  const toggle = useWatchlist((s) => s.toggle);
  const who = safeText(symbol || name || "token", { maxGraphemes: 24 }).text || "token";
  const label = watched ? `Remove ${who} from watchlist` : `Add ${who} to watchlist`;

  function onClick(e: MouseEvent<HTMLButtonElement>) {
    e.preventDefault();
    e.stopPropagation();
    toggle({ chain, address, symbol, name });
  }

  const box = size === "md" ? "size-7" : "size-6";
  const icon = size === "md" ? "size-5" : "size-4";
  return (
    <button
      type="button"
      aria-pressed={watched}
      aria-label={label}
      title={label}
      data-watched={watched ? "true" : "false"}
      onClick={onClick}
      className={`inline-flex shrink-0 items-center justify-center rounded ${box} transition-colors hover:bg-panel-raised ${
        watched ? "text-amber-400" : "text-muted hover:text-fg"
      } ${className}`}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className={icon}>
        <path
          d="M10 2.6l2.3 4.7 5.1.7-3.7 3.6.9 5.1-4.6-2.4-4.6 2.4.9-5.1L2.6 8l5.1-.7z"
          fill={watched ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
