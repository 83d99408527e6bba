import Link from "next/link";

/** An address or chain in the URL that cannot be a token: said plainly, nothing was fetched. */
export default function TokenAddressNotFound() {
  return (
    <section
      data-testid="token-invalid"
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 py-24 text-center"
    >
      <p className="num font-mono text-sm text-muted">404</p>
      <h1 className="text-xl font-semibold">Not a token address</h1>
      <p className="text-sm text-muted">
        The chain or the address in this link is not valid. Token links look like{" "}
        <code className="font-mono text-xs text-fg">/token/solana/&lt;base58&gt;</code> or{" "}
        <code className="font-mono text-xs text-fg">/token/evm:8453/0x…</code>.
      </p>
      <Link prefetch={false} href="/pulse" className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent/90">
        Go to Pulse
      </Link>
    </section>
  );
}
