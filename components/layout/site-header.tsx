import Link from "next/link";
import { SearchBox } from "@/components/search/search-box";
import { LiveStatus } from "./live-status";
import { NativeTicker } from "./native-ticker";
import { NavLink } from "./nav-link";
import { NavMore } from "./nav-more";
import { ShortcutsButton } from "./shortcuts-button";
import { SimBadge } from "./sim-badge";

/** `phone`: on the bar at every width, or under the nav's "More" on a phone (the bar holds two links whole there). */
export const NAV_ITEMS = [
  { href: "/pulse", label: "Pulse", phone: "bar" },
  { href: "/watchlist", label: "Watchlist", phone: "bar" },
  { href: "/tracker", label: "Tracker", phone: "more" },
  { href: "/charts", label: "Charts", phone: "more" },
] as const;
const PHONE_MORE = NAV_ITEMS.filter((i) => i.phone === "more").map(({ href, label }) => ({ href, label }));

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
        {/* Never wider than the screen, nor a sideways scroller: on a phone the links past the second are under "More",
            and the stream status sits in the prices row, so a long status ("Reconnecting") cannot push the bar over. */}
        <nav aria-label="Main" className="flex shrink-0 items-center gap-0.5">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.href} href={item.href} className={item.phone === "more" ? "hidden sm:block" : undefined}>
              {item.label}
            </NavLink>
          ))}
          <NavMore items={PHONE_MORE} className="sm:hidden" />
        </nav>
        <SearchBox />
        {/* Wide screens: the prices give way first (a price that does not fit wraps onto a hidden line, never cut). */}
        <NativeTicker
          max={5}
          className="relative ml-auto hidden h-4 min-w-0 flex-wrap justify-end overflow-hidden xl:flex"
        />
        <div className="ml-auto flex shrink-0 items-center gap-3 xl:ml-0">
          {simulated ? <SimBadge /> : null}
          <span className="hidden shrink-0 sm:flex">
            <LiveStatus />
          </span>
          <ShortcutsButton />
        </div>
      </div>
      <div className="flex h-7 items-center gap-3 border-t border-border px-3 xl:hidden">
        {/* relative: the prices' screen-reader text is absolutely positioned and must not escape the scroller */}
        <div className="relative flex min-w-0 flex-1 items-center overflow-x-auto">
          {/* a phone holds three prices whole beside the stream status, not four */}
          <NativeTicker max={6} className="[&>li:nth-child(n+4)]:hidden sm:[&>li:nth-child(n+4)]:flex" />
        </div>
        <span className="flex shrink-0 sm:hidden">
          <LiveStatus />
        </span>
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
