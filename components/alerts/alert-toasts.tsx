"use client";

import Link from "next/link";
import { useEffect } from "react";
import { type FiredAlert, useAlerts } from "@/lib/client/alerts";

export const TOAST_MS = 12_000;

function Toast({ alert }: { alert: FiredAlert }) {
  const dismiss = useAlerts((s) => s.dismiss);
  useEffect(() => {
    const t = setTimeout(() => dismiss(alert.id), TOAST_MS);
    return () => clearTimeout(t);
  }, [alert.id, dismiss]);
  return (
    <li
      className="pointer-events-auto flex w-80 items-start gap-2 rounded-md border border-accent/50 bg-panel-raised px-3 py-2 text-xs shadow-lg"
      data-testid="alert-toast"
    >
      <span aria-hidden="true" className="mt-1 size-2 shrink-0 rounded-full bg-accent" />
      <Link href={alert.href} prefetch={false} className="min-w-0 flex-1 hover:underline">
        <span className="block truncate font-semibold text-fg">{alert.title}</span>
        <span className="block truncate text-muted">{alert.body}</span>
      </Link>
      <button
        type="button"
        onClick={() => dismiss(alert.id)}
        aria-label="Dismiss alert"
        className="text-muted hover:text-fg"
      >
        ×
      </button>
    </li>
  );
}

/** Fired alerts, newest last, bottom right; each leaves on its own after TOAST_MS. */
export function AlertToasts() {
  const toasts = useAlerts((s) => s.toasts);
  return (
    <ol
      aria-live="polite"
      aria-label="Alerts"
      className="pointer-events-none fixed right-3 bottom-3 z-50 flex flex-col gap-2"
    >
      {toasts.map((t) => (
        <Toast key={t.id} alert={t} />
      ))}
    </ol>
  );
}
