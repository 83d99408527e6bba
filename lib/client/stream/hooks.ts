"use client";

export { type CandleStream, type CandleStreamInput, useCandleStream } from "./hooks/use-candle-stream";
export {
  type LiveTrade,
  type LiveTrades,
  type LiveTradesInput,
  type TapeParams,
  useLiveTrades,
  useTradesStream,
} from "./hooks/use-live-trades";
export { type PulseStream, type PulseStreamInput, usePulseStream } from "./hooks/use-pulse-stream";
export { type StreamStatus, useRefusedCount, useStreamStatus, useStreamStore, useWorstDelayMs } from "./hooks/use-stream-store";
export { useSubscription, useSubscriptionError, useTokenUpdates } from "./hooks/use-subscription";
export { StreamProvider } from "./provider";
// Everything a page needs from the live stream; pages never touch the socket.
export type { BarOp } from "./reducers/candles";
export type { ConnectionStatus, Liveness, StreamSubscriptionError } from "./socket";
export { describeSubError, type SubErrorText } from "./describe-sub-error";
