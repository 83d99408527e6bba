"use client";

import { cn } from "./cn";
import { describeError } from "./describe-error";
import { AlertIcon } from "./icons";

/** A failed load: what went wrong in words, the error code, and a retry button when retrying can help. */
export function ErrorState({
  error,
  onRetry,
  title,
  compact = false,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  compact?: boolean;
  className?: string;
}) {
  const d = describeError(error);
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center justify-center gap-2 text-center",
        compact ? "px-3 py-4" : "px-6 py-12",
        className,
      )}
    >
      <AlertIcon className="size-5 text-down" />
      <p className="text-sm font-medium text-fg">{title ?? d.title}</p>
      <p className="max-w-sm text-xs text-muted">{d.detail}</p>
      {d.code ? <code className="font-mono text-micro text-muted">{d.code}</code> : null}
      {onRetry && d.retryable ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-1 rounded-md border border-border bg-panel-raised px-3 py-1 text-xs font-medium text-fg hover:border-accent/60"
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}
