"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { ChainId } from "@/lib/api";
import type { TokenAlertRule } from "@/lib/client/alerts";
import { cohortsOptions, tokenOptions } from "@/lib/client/queries";
import { useStreamStore, useSubscription, useTokenUpdates } from "@/lib/client/stream/hooks";
import { useAlertEval } from "./use-alert-eval";

/** One token's rules, evaluated on its live updates, its live trades (dev sells) and its cohort report. */
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
    if (cohorts) feed(rules, { type: "cohorts", report: cohorts });
  }, [cohorts, rules, feed]);
  return null;
}
