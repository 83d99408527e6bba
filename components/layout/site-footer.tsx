import Link from "next/link";
import { Kbd } from "@/components/ui";

/** A slim footer: where the data comes from, and how to find the shortcuts. */
export function SiteFooter({ simulated }: { simulated: boolean }) {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex w-full max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-mini text-muted">
        <span>
          Data: {simulated ? "embedded simulated market (not live chains)" : "market data API"}. Prices are indicative;
          nothing here is advice.
        </span>
        <nav aria-label="Footer" className="flex items-center gap-3">
          <Link prefetch={false} href="/pulse" className="hover:text-fg">
            Pulse
          </Link>
          <Link prefetch={false} href="/watchlist" className="hover:text-fg">
            Watchlist
          </Link>
          <Link prefetch={false} href="/credits" className="hover:text-fg">
            Credits
          </Link>
        </nav>
        <span className="ml-auto hidden items-center gap-1 sm:flex">
          Press <Kbd>?</Kbd> for keyboard shortcuts
        </span>
      </div>
    </footer>
  );
}
