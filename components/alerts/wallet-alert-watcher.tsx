"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ChainId } from "@/lib/api/core";
import type { AlertRule } from "@/lib/client/alerts";
import { walletTradesOptions } from "@/lib/client/queries";
import { useAlertEval } from "./use-alert-eval";

/** The stream has no wallet channel (§6): a watched wallet's newest trades are read every WALLET_POLL_MS (1 credit). */
export const WALLET_POLL_MS = 20_000;

export function WalletAlertWatcher({ chain, wallet, rules }: { chain: ChainId; wallet: string; rules: AlertRule[] }) {
  const feed = useAlertEval();
  const q = useQuery({ ...walletTradesOptions({ chain, wallet, limit: 20 }), refetchInterval: WALLET_POLL_MS });
  const rows = q.data?.data;
  useEffect(() => {
    if (rows) feed(rules, { type: "wallet-trades", rows });
  }, [rows, rules, feed]);
  return null;
}
