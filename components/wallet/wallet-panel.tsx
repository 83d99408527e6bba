import type { ReactNode } from "react";

/** A titled panel of the wallet page (positions, trades): the title and its controls above the content. */
export function WalletPanel({
  title,
  testId,
  controls,
  children,
}: {
  title: string;
  testId: string;
  /** Beside the title, at the right. */
  controls: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex min-w-0 flex-col rounded-md border border-border bg-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</h2>
        {controls}
      </div>
      {children}
    </section>
  );
}
