import { canonicalAddress, type PnlPeriod } from "@/lib/api";
import { degradedMeta } from "../../index/views";
import type { Handler } from "./common";

// §4.2 wallet trades, §4.6/4.7 profiles, §4.8 positions, §4.9 PnL, §4.10 funding.

export const walletTradesHandler: Handler = ({ query }, core) => {
  const chain = query.chain as string;
  const { rows, oldestAt } = core.index.wallets.trades(
    chain,
    query.wallet as string,
    query.limit as number,
    query.beforeAt as number | undefined,
  );
  // §4.2: Solana responses carry only asOf in meta.
  return { data: rows, meta: chain === "solana" ? {} : { oldestAt } };
};

/** §2.7 types the USD values as numbers: valued at the last published native price, flagged by meta.degraded. */
export const walletPositionsHandler: Handler = ({ query }, core) => {
  const chain = query.chain as string;
  const data = core.index.wallets.positions(chain, query.wallet as string);
  return { data, meta: data.length ? degradedMeta(core.index, [chain]) : {} };
};

/** `spot` PnL is valued at the current native price: degraded while a contributing chain's feed is stale. */
export const walletPnlHandler: Handler = ({ query }, core) => {
  const wallet = query.wallet as string;
  const chain = query.chain as string | undefined;
  return {
    data: core.index.wallets.pnl(wallet, chain, query.period as PnlPeriod, core.now()),
    meta: degradedMeta(core.index, core.index.wallets.spotChains(wallet, chain)),
  };
};

/** No funding record: `data: null` (our choice for the spec's "not shown"). */
export const walletFundingHandler: Handler = ({ query }, core) => ({
  data: core.index.wallets.funding(query.chain as string, query.wallet as string),
});

/** No identity: `{ profile: null, linkedWallets: [] }` (our choice for the spec's "not shown"). */
export const walletProfileHandler: Handler = ({ query }, core) => {
  const address = query.address as string;
  const profile = core.index.wallets.profile(address);
  return { data: { profile, linkedWallets: profile ? core.index.wallets.linked(address) : [] } };
};

export const walletProfileBatchHandler: Handler = ({ body }, core) => {
  const items = (body as { items: { address: string }[] }).items;
  return { data: items.map((i) => ({ data: core.index.wallets.profile(canonicalAddress(i.address) ?? i.address) })) };
};
