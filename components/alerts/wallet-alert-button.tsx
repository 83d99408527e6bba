"use client";

import { useAlerts, useAlertsHydrated } from "@/lib/client/alerts";
import { shortAddress } from "@/lib/format";
import { WALLET_POLL_MS } from "./wallet-alert-watcher";

/** "Alert me when this wallet buys" on the wallet page, for the chain shown. */
export function WalletAlertButton({ chain, wallet }: { chain: string; wallet: string }) {
  const hydrated = useAlertsHydrated();
  const found = useAlerts((s) =>
    s.rules.find((r) => r.kind === "wallet-buys" && r.chain === chain && r.wallet === wallet),
  );
  const rule = hydrated ? found : undefined;
  const add = useAlerts((s) => s.add);
  const remove = useAlerts((s) => s.remove);
  return (
    <button
      type="button"
      aria-pressed={rule !== undefined}
      data-testid="wallet-alert"
      title={`Checks this wallet's newest trades every ${WALLET_POLL_MS / 1000} s while a tab is open`}
      onClick={() =>
        rule ? remove(rule.id) : add({ kind: "wallet-buys", chain, wallet, label: shortAddress(wallet, 4, 4) })
      }
      className={
        rule
          ? "rounded border border-accent bg-accent/15 px-2 py-0.5 text-xs text-accent"
          : "rounded border border-border px-2 py-0.5 text-xs text-muted hover:text-fg"
      }
    >
      {rule ? "Alerting on buys" : "Alert when it buys"}
    </button>
  );
}
