import Link from "next/link";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";

/** A page's subject that is not there (a bad or unknown address): said in a panel, with the way back to Pulse. */
export function NotFoundPanel({
  testId,
  title,
  back,
  children,
}: {
  testId: string;
  title: string;
  /** The label of the link to /pulse. */
  back: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId} className="rounded-md border border-border bg-panel">
      <EmptyState
        title={title}
        action={
          <Link
            prefetch={false}
            href="/pulse"
            className="rounded-md bg-accent px-3 py-1.5 text-xs font-medium text-white hover:bg-accent/90"
          >
            {back}
          </Link>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}
