import type { EndpointId } from "@/lib/api";
import type { Handler } from "./common";
import { chainsHandler, factoriesHandler, nativePricesHandler, pulseHandler, searchHandler } from "./market";
import {
  tokenBatchHandler,
  tokenHandler,
  tokenHoldersHandler,
  tokenMetadataHandler,
  tokenPoolsHandler,
  tokenPriceBatchHandler,
  tokenPriceHandler,
  tokenSecurityBatchHandler,
  tokenSecurityHandler,
  tokenStatsHandler,
} from "./token";
import { ohlcvHandler, sparklinesHandler, tokenTradesByMakersHandler, tokenTradesHandler } from "./trades";
import {
  walletFundingHandler,
  walletPnlHandler,
  walletPositionsHandler,
  walletProfileBatchHandler,
  walletProfileHandler,
  walletTradesHandler,
} from "./wallet";

// Every endpoint of the registry has exactly one handler (checked by the type and by a test).

export const HANDLERS: Record<EndpointId, Handler> = {
  search: searchHandler,
  walletTrades: walletTradesHandler,
  tokenTrades: tokenTradesHandler,
  tokenTradesByMakers: tokenTradesByMakersHandler,
  pulse: pulseHandler,
  ohlcv: ohlcvHandler,
  walletProfileBatch: walletProfileBatchHandler,
  walletProfile: walletProfileHandler,
  walletPositions: walletPositionsHandler,
  walletPnl: walletPnlHandler,
  walletFunding: walletFundingHandler,
  chains: chainsHandler,
  nativePrices: nativePricesHandler,
  sparklines: sparklinesHandler,
  token: tokenHandler,
  tokenBatch: tokenBatchHandler,
  tokenPrice: tokenPriceHandler,
  tokenPriceBatch: tokenPriceBatchHandler,
  tokenPools: tokenPoolsHandler,
  tokenStats: tokenStatsHandler,
  tokenHolders: tokenHoldersHandler,
  tokenMetadata: tokenMetadataHandler,
  tokenSecurity: tokenSecurityHandler,
  tokenSecurityBatch: tokenSecurityBatchHandler,
  factories: factoriesHandler,
};
