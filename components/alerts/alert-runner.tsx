"use client";

import { useEffect, useMemo } from "react";
import { type ChainId, parseChainId } from "@/lib/api/core";
import { type AlertRule, type TokenAlertRule, useAlerts } from "@/lib/client/alerts";
import { TokenAlertWatcher } from "./token-alert-watcher";
import { pruneMemos } from "./use-alert-eval";
import { FollowedAlertWatcher } from "@/components/tracker/followed-alert-watcher";
import { WalletAlertWatcher } from "./wallet-alert-watcher";

/** Tokens and wallets watched at once (each token holds stream subscriptions; each wallet polls). */
export const MAX_WATCHED_TOKENS = 8;
export const MAX_WATCHED_WALLETS = 5;

function group<R extends AlertRule>(rules: R[], key: (r: R) => string, max: number): [string, R[]][] {
  const m = new Map<string, R[]>();
  for (const r of rules) {
    const k = key(r);
    if (!m.has(k) && m.size >= max) continue;
    m.set(k, [...(m.get(k) ?? []), r]);
  }
  return [...m];
}

/** Evaluates every stored rule on any page, for as long as the tab is open (mounted after hydration by AlertHost). */
export function AlertRunner() {
  const rules = useAlerts((s) => s.rules);
  const tokens = useMemo(
    () =>
      group(
        rules.filter((r): r is TokenAlertRule => r.kind !== "wallet-buys" && r.kind !== "followed-buys"),
        (r) => `${r.chain}|${r.address}`,
        MAX_WATCHED_TOKENS,
      ),
    [rules],
  );
  const wallets = useMemo(
    () =>
      group(
        rules.filter((r) => r.kind === "wallet-buys"),
        (r) => `${r.chain}|${r.wallet}`,
        MAX_WATCHED_WALLETS,
      ),
    [rules],
  );
  const followed = useMemo(() => rules.filter((r) => r.kind === "followed-buys"), [rules]);
  useEffect(() => {
    pruneMemos(new Set(rules.map((r) => r.id)));
  }, [rules]);
  return (
    <>
      {tokens.map(([k, rs]) => {
        const chain = parseChainId(rs[0]?.chain ?? "") as ChainId | null;
        return chain ? <TokenAlertWatcher key={k} chain={chain} address={rs[0]?.address ?? ""} rules={rs} /> : null;
      })}
      {wallets.map(([k, rs]) => {
        const r = rs[0];
        const chain = parseChainId(r?.chain ?? "") as ChainId | null;
        return chain && r?.kind === "wallet-buys" ? (
          <WalletAlertWatcher key={k} chain={chain} wallet={r.wallet} rules={rs} />
        ) : null;
      })}
      {followed.length > 0 ? <FollowedAlertWatcher rules={followed} /> : null}
    </>
  );
}
