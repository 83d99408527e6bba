"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { WalletAlertButton } from "@/components/alerts/wallet-alert-button";
import { type ChainId, KNOWN_CHAINS } from "@/lib/api/core";
import { walletPageQueries } from "@/lib/client/queries";
import { replaceSearch } from "@/lib/client/replace-search";
import { IdentityHeader } from "./identity-header";
import { PnlSection } from "./pnl-section";
import { PositionsTable } from "./positions-table";
import { TradesTable } from "./trades-table";
import { parseWalletView, pnlChainOf, type WalletViewState, walletViewParams } from "./view-state";
import { useChainNames } from "./use-chain-names";

const EVM_CHAINS = KNOWN_CHAINS.filter((c) => c.family === "evm");

/** The wallet page: every section reads its own query and fails alone; all view state is in the URL. */
export function WalletView({ address, family }: { address: string; family: "evm" | "solana" }) {
  const sp = useSearchParams();
  const view = useMemo(() => parseWalletView(family, new URLSearchParams(sp.toString())), [family, sp]);
  const update = useCallback(
    (patch: Partial<WalletViewState>) => {
      replaceSearch(walletViewParams(family, { ...view, ...patch }));
    },
    [family, view],
  );
  const pnlChain = pnlChainOf(family, view);
  // The page's list, as the server prefetched it: each section reads its entry.
  const page = walletPageQueries({ address, chain: view.chain, pnlChain, period: view.period });
  const chainName = useChainNames();

  return (
    <div className="flex flex-col gap-2" data-testid="wallet-page" data-chain={view.chain}>
      <IdentityHeader
        address={address}
        chain={view.chain}
        linkChain={view.chainExplicit ? view.chain : undefined}
        page={page}
      />
      <PnlSection
        family={family}
        page={page}
        pnlChain={pnlChain}
        period={view.period}
        onPeriod={(period) => update({ period })}
        onChain={(c) => update(c ? { chain: c, chainExplicit: true } : { chainExplicit: false })}
      />
      <div className="flex flex-wrap items-center gap-2 text-mini text-muted">
        {family === "evm" ? (
          <>
            <label htmlFor="wallet-chain">Positions, trades and funding on</label>
            <select
              id="wallet-chain"
              data-testid="wallet-chain"
              value={view.chain}
              onChange={(e) => update({ chain: e.target.value as ChainId, chainExplicit: true })}
              className="h-6 rounded border border-border bg-panel-raised px-1.5 text-mini text-fg"
            >
              {EVM_CHAINS.map((c) => (
                <option key={c.chain} value={c.chain}>
                  {chainName(c.chain)}
                </option>
              ))}
            </select>
            {view.chainExplicit ? null : (
              <span data-testid="wallet-chain-default">
                — the link names no chain, so {chainName(view.chain)} is shown; PnL above covers
                every EVM chain
              </span>
            )}
          </>
        ) : null}
        <span className="ml-auto">
          <WalletAlertButton chain={view.chain} wallet={address} />
        </span>
      </div>
      <div className="grid gap-2 xl:grid-cols-[minmax(0,1fr)_30rem]">
        <PositionsTable
          chain={view.chain}
          wallet={address}
          page={page}
          show={view.show}
          sort={view.sort}
          dir={view.dir}
          onChange={(p) => update(p)}
        />
        <TradesTable chain={view.chain} wallet={address} page={page} />
      </div>
    </div>
  );
}
