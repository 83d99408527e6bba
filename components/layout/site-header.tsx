import Link from "next/link";
import { SearchBox } from "@/components/search/search-box";
import { LiveStatus } from "./live-status";
import { NativeTicker } from "./native-ticker";
import { NavLink } from "./nav-link";
import { ShortcutsButton } from "./shortcuts-button";
import { SimBadge } from "./sim-badge";

export const NAV_ITEMS = [
  { href: "/pulse", label: "Pulse" },
  { href: "/watchlist", label: "Watchlist" },
  { href: "/tracker", label: "Tracker" },
  { href: "/charts", label: "Charts" },
] as const;

/** The sticky app header: brand, nav, search, native prices, simulated-market badge, stream state, shortcuts. */
export function SiteHeader({ simulated }: { simulated: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-12 w-full max-w-screen-2xl items-center gap-2 px-3 sm:gap-4">
        <Link
          prefetch={false}
          href="/"
          aria-label="TradeScope home"
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight"
        >
          <BrandMark />
          <span className="hidden text-[15px] md:inline">TradeScope</span>
        </Link>
        {/* On a phone the nav scrolls sideways rather than push the search and status off the screen. */}
        <nav aria-label="Main" className="relative flex min-w-0 items-center gap-0.5 overflow-x-auto [scrollbar-width:none]">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.href} href={item.href}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <SearchBox />
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <NativeTicker max={5} className="hidden lg:flex" />
          {simulated ? <SimBadge /> : null}
          <LiveStatus />
          <ShortcutsButton />
        </div>
      </div>
      {/* relative: the prices' screen-reader text is absolutely positioned and must not escape the scroller */}
      <div className="relative flex h-7 items-center overflow-x-auto border-t border-border px-3 lg:hidden">
        {/* a phone's width holds four prices whole; a fifth was cut mid-name */}
        <NativeTicker max={6} className="[&>li:nth-child(n+5)]:hidden sm:[&>li:nth-child(n+5)]:flex" />
      </div>
    </header>
  );
}

function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-6">
      <rect width="32" height="32" rx="7" className="fill-panel-raised" />
      <path
        d="M6 22l6-7 5 4 9-10"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-up"
      />
      <circle cx="26" cy="9" r="2.5" className="fill-accent" />
    </svg>
  );
}
