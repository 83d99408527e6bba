import Link from "next/link";

const SECTIONS = [
  {
    href: "/pulse",
    title: "Pulse",
    body: "New launches, tokens about to graduate and fresh migrations, updating live.",
  },
  {
    href: "/watchlist",
    title: "Watchlist",
    body: "The tokens and wallets you follow, with live prices and recent trades.",
  },
] as const;

export default function HomePage() {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-8 py-16">
      <div className="flex flex-col gap-3">
        <p className="text-sm font-medium text-up">Live market explorer</p>
        <h1 className="text-4xl font-semibold tracking-tight text-balance">
          Tokens and wallets on EVM chains and Solana
        </h1>
        <p className="max-w-2xl text-muted">
          Follow launches, trades, candles and wallet positions as they happen. Open Pulse to see what is moving now.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <Link
              href={section.href}
              className="group flex h-full flex-col gap-2 rounded-lg border border-border bg-panel p-5 transition-colors hover:border-accent/60 hover:bg-panel-raised"
            >
              <span className="flex items-center justify-between font-medium">
                {section.title}
                <span aria-hidden="true" className="text-muted transition-colors group-hover:text-accent">
                  →
                </span>
              </span>
              <span className="text-sm text-muted">{section.body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
