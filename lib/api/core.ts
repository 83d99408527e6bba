// The interface without its zod schemas: types, constants and pure helpers. Browser code (lib/client, components)
// imports lib/api through this module only (lint enforces it), so no schema and no zod reaches the browser's bundle.
// Everything here is also exported by lib/api/index.ts, for the server.

export * from "./address";
export * from "./candle-buckets";
export * from "./chains";
export * from "./constants";
export * from "./errors";
export * from "./min-as-of";
export * from "./routes";
export * from "./stream-protocol";
export * from "./token-price";
export * from "./token-ref";
export { toSearchParams } from "./validate";

export type {
  BatchSlot, Candle, Chain, Factory, LaunchpadBlock, NativePrice, PulseToken, SearchResult, TokenDetail, TokenHolder,
  TokenMetadata, TokenPool, TokenPrice, TokenSecurity, TokenStatsWindow, TokenTrade, TokenUpdate, TradeKey,
  WalletFunding, WalletPnl, WalletPosition, WalletProfile, WalletTrade, WalletTradeEvm, WalletTradeSolana,
} from "./schemas";
export type { BodyInputOf, BodyOf, DataOf, EndpointId, Envelope, MetaOf, QueryOf } from "./endpoints";
export type {
  AuthedFrame, ClientFrame, ErrorFrame, EventFrame, ModeFrame, OhlcvEvent, PongFrame, PulseEvent, ResyncFrame,
  ServerFrame, SubscribedFrame, SubscribeFrame, TokenUpdateEvent, TradesEvent, UnsubscribedFrame,
} from "./stream";
export type { Bundle, Cohort, CohortEnvelope, CohortReport, CohortTrade, DevSummary } from "./cohorts";
export type { PollingUsage, PublicUsage } from "./usage";
export * from "./trader-rows";
