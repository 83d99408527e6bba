import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { pageMetadata } from "@/app/page-metadata";
import { walletHref } from "@/components/search/search-target";
import { parseWalletView, pnlChainOf, resolveWalletRoute } from "@/components/wallet/view-state";
import { WalletView } from "@/components/wallet/wallet-view";
import { walletPageQueries } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { formatSignedUsd, safeText, shortAddress } from "@/lib/format";
import { fetchQueryData, prefetchQueries } from "@/lib/server/prefetch";

type Params = Promise<{ address: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Search;
}): Promise<Metadata> {
  const route = resolveWalletRoute((await params).address);
  if (route.kind !== "ok") return pageMetadata("Wallet not found");
  const view = parseWalletView(route.family, await searchParams);
  const short = shortAddress(route.address, 6, 4);
  try {
    const page = walletPageQueries({
      address: route.address,
      chain: view.chain,
      pnlChain: pnlChainOf(route.family, view),
      period: view.period,
    });
    const [profile, pnl] = await Promise.all([fetchQueryData(page.profile), fetchQueryData(page.pnl)]);
    const name = profile.data.profile?.displayName
      ? safeText(profile.data.profile.displayName, { maxGraphemes: 32 }).text
      : short;
    const s = pnl.data.summary;
    return pageMetadata(
      `${name} · ${formatSignedUsd(s.realizedPnlUsd)} realized (${view.period})`,
      `Wallet ${route.address}: positions, realized PnL, ${s.trades} trades, win rate ${s.winRate.toFixed(1)}%.`,
    );
  } catch {
    return pageMetadata(`Wallet ${short}`, `Wallet ${route.address}: trades, positions and realized PnL.`);
  }
}

export default async function WalletPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const [p, sp] = await Promise.all([params, searchParams]);
  const route = resolveWalletRoute(p.address);
  if (route.kind === "invalid") notFound();
  if (route.kind === "redirect") {
    const chain = typeof sp.chain === "string" ? sp.chain : undefined;
    permanentRedirect(walletHref(route.address, chain));
  }
  // Rendered whole before its first byte, as the token page is (see there): no Suspense boundary to swap in by script.
  return <WalletContent address={route.address} family={route.family} sp={sp} />;
}

async function WalletContent({
  address,
  family,
  sp,
}: {
  address: string;
  family: "evm" | "solana";
  sp: Record<string, string | string[] | undefined>;
}) {
  const view = parseWalletView(family, sp);
  const chain = view.chain;
  const pnlChain = pnlChainOf(family, view);
  const qc = makeQueryClient();
  await prefetchQueries(qc, walletPageQueries({ address, chain, pnlChain, period: view.period }));
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <WalletView address={address} family={family} />
    </HydrationBoundary>
  );
}
