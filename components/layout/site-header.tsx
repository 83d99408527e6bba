import Link from "next/link";
import { NavLink } from "./nav-link";
import { SearchTrigger } from "./search-trigger";

export const NAV_ITEMS = [
  { href: "/pulse", label: "Pulse" },
  { href: "/watchlist", label: "Watchlist" },
] as const;

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/85 backdrop-blur">
      <div className="mx-auto flex h-14 w-full max-w-screen-2xl items-center gap-6 px-4">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight">
          <BrandMark />
          <span>TradeScope</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.href} href={item.href}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center">
          <SearchTrigger />
        </div>
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
