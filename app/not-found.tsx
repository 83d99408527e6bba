import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 py-24 text-center">
      <p className="num font-mono text-sm text-muted">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted">
        This page does not exist, or the token or wallet address in the link is not one we know.
      </p>
      <Link prefetch={false} href="/pulse" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-bg hover:bg-accent/90">
        Go to Pulse
      </Link>
    </section>
  );
}
