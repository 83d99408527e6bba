import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, permanentRedirect } from "next/navigation";
import { pageMetadata } from "@/app/page-metadata";
import { defaultInterval } from "@/components/chart/intervals";
import { tokenHref } from "@/components/search/search-target";
import { selectPools } from "@/components/token/pools";
import { TokenNotFound } from "@/components/token/token-not-found";
import { tokenTitle } from "@/components/token/token-title";
import { TokenView } from "@/components/token/token-view";
import { chartQuoteOf, parseViewState, tapeFiltersOf } from "@/components/token/view-state";
import { type ChainId, chainInfo } from "@/lib/api";
import { tokenHistoryQueries, tokenOptions, tokenPageQueries } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { safeText } from "@/lib/format";
import { isPhone } from "@/lib/server/phone";
import { prefetchQueries } from "@/lib/server/prefetch";
import { loadToken } from "./load-token";
import { resolveTokenRoute } from "./route-params";

type Params = Promise<{ chain: string; address: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

function queryString(sp: Record<string, string | string[] | undefined>): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, x);
  const s = out.toString();
  return s ? `?${s}` : "";
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = await params;
  const route = resolveTokenRoute(p.chain, p.address);
  if (route.kind !== "ok") return pageMetadata("Token not found");
  const loaded = await loadToken(route.chain, route.address);
  if (!loaded.ok) return pageMetadata(loaded.error.code === "token_not_found" ? "Token not found" : "Token");
  const t = loaded.env.data;
  const symbol = safeText(t.symbol, { maxGraphemes: 12 }).text || "Token";
  const name = safeText(t.name, { maxGraphemes: 40 }).text || symbol;
  const chainName = chainInfo(route.chain)?.name ?? route.chain;
  return pageMetadata(tokenTitle(t), `${name} (${symbol}) on ${chainName}: live price, candles, trades, holders and pools.`);
}

/**
 * Validation first, so an invalid link answers a real 404 (or a 308 to the canonical URL). The page is rendered whole
 * before its first byte (its metadata waits for the token already): no Suspense boundary, because React streams a
 * large one's content after its fallback and shows it only once a script has swapped them, so the header and price
 * would wait for the page's scripts instead of painting with the HTML.
 */
export default async function TokenPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const [p, sp] = await Promise.all([params, searchParams]);
  const route = resolveTokenRoute(p.chain, p.address);
  if (route.kind === "invalid") notFound();
  if (route.kind === "redirect") permanentRedirect(`${tokenHref(route.chain, route.address)}${queryString(sp)}`);
  return <TokenContent chain={route.chain} address={route.address} sp={sp} />;
}

async function TokenContent({
  chain,
  address,
  sp,
}: {
  chain: ChainId;
  address: string;
  sp: Record<string, string | string[] | undefined>;
}) {
  const ref = { chain, address };
  const loaded = await loadToken(chain, address);
  if (!loaded.ok && loaded.error.code === "token_not_found") return <TokenNotFound chain={chain} address={address} />;

  const qc = makeQueryClient();
  const view = parseViewState(chain, sp);
  const token = loaded.ok ? loaded.env.data : null;
  // Age on the market's clock (the envelope's asOf), not this server's: a simulated market may run ahead.
  const interval = view.interval ?? defaultInterval(loaded.ok && token ? loaded.env.meta.asOf - token.createdAt : null);
  if (loaded.ok) qc.setQueryData(tokenOptions(ref).queryKey, loaded.env);
  const page = tokenPageQueries(ref);
  await prefetchQueries(qc, page);

  // The chart's and the tape's first pages, with exactly the options the browser will use (same keys, no refetch).
  const poolList = qc.getQueryData(page.pools.queryKey)?.data ?? [];
  const pools = selectPools(poolList, view.pool, token?.pool?.address ?? null);
  if (pools.length > 0) {
    const history = { chain, address, pools, interval, quote: chartQuoteOf(chain, view), filters: tapeFiltersOf(chain, view) };
    await prefetchQueries(qc, tokenHistoryQueries(history));
  }

  const phone = isPhone(await headers());
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <TokenView chain={chain} address={address} defaultInterval={interval} phone={phone} />
    </HydrationBoundary>
  );
}
