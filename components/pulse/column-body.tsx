"use client";

import type { ReactNode } from "react";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui";
import type { ApiError } from "@/lib/api/core";
import { formatDuration } from "@/lib/format";
import { CARD_HEIGHT } from "./pulse-card";

/** Placeholder cards shaped like the real ones, so nothing jumps when the list arrives. */
export function CardSkeletons({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading tokens" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical static placeholders
        <div key={i} className="flex h-[78px] gap-2.5 border-b border-border/70 px-2.5 py-2">
          <Skeleton className="size-[52px] shrink-0 self-center rounded-md" />
          <div className="flex flex-1 flex-col justify-between py-0.5">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <div className="flex w-[104px] flex-col items-end justify-between py-0.5">
            <Skeleton className="h-3.5 w-16" />
            <Skeleton className="h-3 w-12" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function Banner({ tone, children }: { tone: "warn" | "down"; children: ReactNode }) {
  const cls =
    tone === "warn" ? "border-amber-400/30 bg-amber-400/10 text-amber-300" : "border-down/30 bg-down/10 text-down";
  return <div className={`flex shrink-0 items-center gap-2 border-b px-2.5 py-1 text-mini ${cls}`}>{children}</div>;
}

export function StaleBanner({ ageMs }: { ageMs: number }) {
  return (
    <Banner tone="warn">
      <span role="status">Stale data · {formatDuration(Math.max(0, ageMs))} old; the market service is degraded</span>
    </Banner>
  );
}

export function RefreshErrorBanner({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <Banner tone="down">
      <span role="alert" className="min-w-0 truncate">
        Could not refresh: {error.message} <code className="text-micro opacity-80">{error.code}</code>
      </span>
      <button type="button" onClick={onRetry} className="ml-auto shrink-0 underline hover:no-underline">
        Retry
      </button>
    </Banner>
  );
}

export function ColumnError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorState error={error} onRetry={onRetry} title="Could not load this list" compact />;
}

export function ColumnEmpty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  if (filtered) {
    return (
      <EmptyState
        compact
        title="No tokens match the filters"
        action={
          <button
            type="button"
            onClick={onReset}
            className="rounded border border-border px-2 py-1 text-xs hover:border-accent/60"
          >
            Clear filters
          </button>
        }
      >
        New launches that match will appear here live.
      </EmptyState>
    );
  }
  return (
    <EmptyState compact title="Nothing here yet">
      Tokens appear here live as the market moves.
    </EmptyState>
  );
}

export { CARD_HEIGHT };
