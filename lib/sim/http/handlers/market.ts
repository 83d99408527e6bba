import type { PulseView } from "@/lib/api";
import { SIM_CHAINS } from "../../engine/chains";
import { toFactoryResource } from "../../engine/factories";
import { search } from "../../index/search";
import { degradedMeta, pulseEntry, searchResult } from "../../index/views";
import type { Handler } from "./common";

// §4.1 search, §4.4 pulse, §4.11 chains, §4.12 native prices, §4.14 factories.

export const searchHandler: Handler = ({ query }, core) => {
  const ix = core.index;
  const hits = search(
    { byAddress: (c, a) => ix.tokenByAddress(c, a), all: () => ix.tokens.values(), nativeUsd: (c) => ix.nativeUsd(c) },
    query.q as string,
    query.chain as string | undefined,
    query.limit as number,
  );
  // §2.1 types the USD figures as numbers: they stay (last published native price) and meta.degraded flags them
  return {
    data: hits.map((h) => searchResult(h.token, ix, h.nameRank)),
    meta: degradedMeta(
      ix,
      hits.map((h) => h.token.chain),
    ),
  };
};

export const pulseHandler: Handler = ({ query }, core) => {
  const view = query.view as PulseView;
  const list = core.index.pulse.list(view, query.chains as string[], query.limit as number);
  // §2.4 types the USD figures as numbers: kept, flagged by meta.degraded (§1.5) like the stream's pulse events
  return {
    data: list.map((t) => pulseEntry(t, core.index)),
    meta: {
      view,
      ...degradedMeta(
        core.index,
        list.map((t) => t.chain),
      ),
    },
  };
};

export const chainsHandler: Handler = () => ({
  data: SIM_CHAINS.map((c) => ({
    chain: c.chain,
    name: c.name,
    slug: c.slug,
    family: c.family,
    nativeSymbol: c.nativeSymbol,
    status: c.status,
  })),
});

export const nativePricesHandler: Handler = (_input, core) => ({ data: core.market.prices.all(core.now()) });

export const factoriesHandler: Handler = ({ query }, core) => ({
  data: core.market.factories.filter((f) => !query.chain || f.chain.chain === query.chain).map(toFactoryResource),
});
