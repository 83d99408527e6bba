"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { ChainId } from "@/lib/api/core";
import type { TokenAlertRule } from "@/lib/client/alerts";
import { cohortsOptions, tokenOptions, tokenPoolsOptions, tokenTradesInfiniteOptions } from "@/lib/client/queries";
import { useStreamStore, useSubscription, useTokenUpdates } from "@/lib/client/stream/hooks";
import { selectPools } from "../token/pools";
import { useAlertEval } from "./use-alert-eval";

/** The dev's recent sells are read from REST this often, besides the live tape (1 credit each, per watched token). */
const DEV_SELLS_REFRESH_MS = 30_000;
/** A sell older than this when first seen on a page is news from before this page: it does not fire. */
const DEV_SELLS_RECENT_MS = 10 * 60_000;

/**
 * One token's rules, evaluated on its live updates, its live trades (dev sells) and its cohort report. The dev's
 * sells also come from REST (filtered to the dev), so a sell made while the page loaded, reconnected or was polled
 * behind is not missed; a sell seen on both fires once.
 */
export function TokenAlertWatcher({
  chain,
  address,
  rules,
}: {
  chain: ChainId;
  address: string;
  rules: TokenAlertRule[];
}) {
  const ref = useMemo(() => ({ chain, address }), [chain, address]);
  const feed = useAlertEval();
  useTokenUpdates(ref);
  const token = useQuery(tokenOptions(ref)).data?.data;
  const needsTrades = rules.some((r) => r.kind === "dev-sells");
  const needsCohorts = rules.some((r) => r.kind === "cohort-dump");
  const tradesKey = useSubscription("trades", needsTrades ? ref : null);
  const tape = useStreamStore((s) => (tradesKey ? s.tapes[tradesKey] : undefined));
  const serverOffsetMs = useStreamStore((s) => s.serverOffsetMs);
  const deployer = token?.deployer ?? null;
  const pools = useQuery({ ...tokenPoolsOptions(ref), enabled: needsTrades && deployer !== null }).data?.data;
  const devSells = useInfiniteQuery({
    ...tokenTradesInfiniteOptions({
      chain,
      address,
      pools: selectPools(pools ?? [], null),
      limit: 20,
      filters: { maker: deployer ?? "", type: "sell" },
    }),
    enabled: needsTrades && deployer !== null && (pools?.length ?? 0) > 0,
    refetchInterval: DEV_SELLS_REFRESH_MS,
  }).data?.pages[0]?.data;
  const cohorts = useQuery({ ...cohortsOptions(ref), enabled: needsCohorts }).data?.data;

  useEffect(() => {
    if (token)
      feed(rules, {
        type: "token",
        priceUsd: token.priceUsd,
        marketCapUsd: token.marketCapUsd,
        migrated: token.migrated,
      });
  }, [token, rules, feed]);
  useEffect(() => {
    if (tape && token) feed(rules, { type: "trades", rows: tape.rows, deployer: token.deployer });
  }, [tape, token, rules, feed]);
  useEffect(() => {
    if (!devSells || !token) return;
    const since = Date.now() + serverOffsetMs - DEV_SELLS_RECENT_MS;
    feed(rules, { type: "trades", rows: devSells.filter((t) => t.at >= since), deployer: token.deployer });
  }, [devSells, token, rules, feed, serverOffsetMs]);
  useEffect(() => {
    if (cohorts) feed(rules, { type: "cohorts", report: cohorts });
  }, [cohorts, rules, feed]);
  return null;
}
