import "./zod-setup";
import { z } from "zod";
import { canonicalAddress } from "./address";
import { parseChainId } from "./chains";
import { candleSchema, OHLCV_INTERVALS, PULSE_VIEWS, pulseTokenSchema, tokenTradeSchema, tokenUpdateSchema, walletTradeSchema } from "./schemas";
import { CHANNELS, LIVENESS_MODES } from "./stream-protocol";

export * from "./stream-protocol";

// §6 stream protocol. Frame shapes are not shown by the spec: these are ours, used by the embedded service and the
// gateway (which speaks the same protocol to browsers, minus the key). Constants, channel params and keys live in
// ./stream-protocol (no zod); the browser checks frames with light guards over these shapes (lib/client/stream/frames.ts).

const chain = z.string().refine((s) => parseChainId(s) !== null, "must be evm:<chain id> or solana").transform((s) => parseChainId(s) as string);
const chainAlias = z
  .string()
  .refine((s) => parseChainId(s, { allowSolanaAlias: true }) !== null, "must be evm:<chain id>, solana or solana:solana")
  .transform((s) => parseChainId(s, { allowSolanaAlias: true }) as string);
const address = z.string().refine((s) => canonicalAddress(s) !== null, "must be an EVM or Solana address").transform((s) => canonicalAddress(s) as string);
const pools = z.array(address).min(1).max(50);

export const tradesParamsSchema = z.strictObject({ chain, address, pools: pools.optional() });
export const ohlcvParamsSchema = z.strictObject({
  chain: chainAlias,
  address,
  pools: pools.optional(),
  interval: z.enum(OHLCV_INTERVALS),
  quote: z.enum(["native", "usd"]).default("native"),
});
export const tokenUpdatesParamsSchema = z.strictObject({ chain, address });
export const pulseParamsSchema = z.strictObject({ view: z.enum(PULSE_VIEWS), chains: z.array(chain).min(1).max(8) });
/** §4.2's `chain` and `wallet` (the same address family, as REST requires). */
export const walletTradesParamsSchema = z
  .strictObject({ chain, wallet: address })
  .refine((p) => (p.chain === "solana") === !p.wallet.startsWith("0x"), { message: "not an address of this chain", path: ["wallet"] });

export const channelParamsSchemas = {
  trades: tradesParamsSchema,
  ohlcv: ohlcvParamsSchema,
  "token-updates": tokenUpdatesParamsSchema,
  pulse: pulseParamsSchema,
  "wallet-trades": walletTradesParamsSchema,
} as const;

const subId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _ . : - only");

// ---- client → server ----
export const authFrameSchema = z.strictObject({ type: z.literal("auth"), key: z.string().min(1).max(256) });
export const subscribeFrameSchema = z.strictObject({
  type: z.literal("subscribe"),
  id: subId,
  channel: z.string(),
  params: z.unknown(),
  /** Gateway only: replay trades buffered after this time (ms) for a quick reconnect. */
  sinceAt: z.number().int().min(0).optional(),
  /** Gateway only: the last trade the gateway forwarded on this subscription before the reconnect; the replay starts
   *  after it (so no row the browser had is sent again), or at `sinceAt` when the gateway no longer holds it. */
  after: z
    .strictObject({
      txHash: z.string().min(1).max(128),
      block: z.number().int().min(0),
      logIndex: z.number().int().min(0),
      /** The browser had that row preconfirmed (its confirmation, if it came since, is replayed, and what came between). */
      preconfirmed: z.boolean().optional(),
    })
    .optional(),
});
export const unsubscribeFrameSchema = z.strictObject({ type: z.literal("unsubscribe"), id: subId });
export const pingFrameSchema = z.strictObject({ type: z.literal("ping"), t: z.number().optional() });
export const clientFrameSchema = z.discriminatedUnion("type", [authFrameSchema, subscribeFrameSchema, unsubscribeFrameSchema, pingFrameSchema]);
export type ClientFrame = z.output<typeof clientFrameSchema>;
export type SubscribeFrame = z.output<typeof subscribeFrameSchema>;

// ---- server → client ----

export const tradeKeySchema = z.object({ txHash: z.string(), block: z.number().int(), logIndex: z.number().int() });
const eventMeta = z.looseObject({ asOf: z.number().int() });

export const tradesEventSchema = z.discriminatedUnion("kind", [
  z.object({ type: z.literal("event"), id: z.string(), channel: z.literal("trades"), kind: z.literal("trades"), data: z.array(tokenTradeSchema), meta: eventMeta }),
  // Our signal for a reverted preconfirmed row (§3): drop these keys now rather than after 30 s.
  z.object({ type: z.literal("event"), id: z.string(), channel: z.literal("trades"), kind: z.literal("revert"), data: z.array(tradeKeySchema), meta: eventMeta }),
]);
export const ohlcvEventSchema = z.object({
  type: z.literal("event"), id: z.string(), channel: z.literal("ohlcv"), kind: z.literal("candle"),
  data: z.array(candleSchema), // the forming candle (and the one it just closed, when a bucket rolls)
  meta: z.looseObject({ asOf: z.number().int(), interval: z.enum(OHLCV_INTERVALS), quote: z.enum(["native", "usd"]) }),
});
export const tokenUpdateEventSchema = z.object({
  type: z.literal("event"), id: z.string(), channel: z.literal("token-updates"), kind: z.literal("update"), data: tokenUpdateSchema, meta: eventMeta,
});
const pulseMeta = z.looseObject({ asOf: z.number().int(), view: z.enum(PULSE_VIEWS) });
export const pulseEventSchema = z.discriminatedUnion("kind", [
  z.object({ type: z.literal("event"), id: z.string(), channel: z.literal("pulse"), kind: z.literal("snapshot"), data: z.array(pulseTokenSchema), meta: pulseMeta }),
  z.object({ type: z.literal("event"), id: z.string(), channel: z.literal("pulse"), kind: z.literal("enter"), data: pulseTokenSchema, meta: pulseMeta }),
  z.object({ type: z.literal("event"), id: z.string(), channel: z.literal("pulse"), kind: z.literal("update"), data: pulseTokenSchema, meta: pulseMeta }),
  z.object({ type: z.literal("event"), id: z.string(), channel: z.literal("pulse"), kind: z.literal("leave"), data: z.object({ chain: z.string(), address: z.string() }), meta: pulseMeta }),
]);
/** Polled wallet trades (§2.2 rows), in the trades event's shape; oldest first, each row sent once. */
export const walletTradesEventSchema = z.object({
  type: z.literal("event"), id: z.string(), channel: z.literal("wallet-trades"), kind: z.literal("trades"), data: z.array(walletTradeSchema), meta: eventMeta,
});
export type TradesEvent = z.output<typeof tradesEventSchema>;
export type WalletTradesEvent = z.output<typeof walletTradesEventSchema>;
export type OhlcvEvent = z.output<typeof ohlcvEventSchema>;
export type TokenUpdateEvent = z.output<typeof tokenUpdateEventSchema>;
export type PulseEvent = z.output<typeof pulseEventSchema>;
export type EventFrame = TradesEvent | OhlcvEvent | TokenUpdateEvent | PulseEvent | WalletTradesEvent;

export const authedFrameSchema = z.object({
  type: z.literal("authed"),
  limits: z.object({ connections: z.number().int(), subscriptionsPerConnection: z.number().int(), trackedTokens: z.number().int() }),
});
export const subscribedFrameSchema = z.object({
  type: z.literal("subscribed"),
  id: z.string(),
  channel: z.enum(CHANNELS),
  params: z.unknown(),
  mode: z.enum(LIVENESS_MODES).optional(),
  delayMs: z.number().int().min(0).optional(),
});
/** Gateway → browser: these subscriptions changed mode (promoted to the stream or demoted to polling), or their delay moved. */
export const modeFrameSchema = z.object({
  type: z.literal("mode"),
  ids: z.array(z.string()),
  mode: z.enum(LIVENESS_MODES),
  delayMs: z.number().int().min(0).optional(),
});
export const unsubscribedFrameSchema = z.object({ type: z.literal("unsubscribed"), id: z.string() });
export const errorFrameSchema = z.object({
  type: z.literal("error"),
  id: z.string().optional(), // the subscription the error is about, when there is one
  code: z.string(),
  message: z.string(),
  limit: z.number().int().optional(),
});
export const pongFrameSchema = z.object({ type: z.literal("pong"), t: z.number().optional() });
/** Gateway → browser: the upstream was lost and restored; repair these subscriptions from REST. */
export const resyncFrameSchema = z.object({ type: z.literal("resync"), ids: z.array(z.string()), reason: z.string() });

export type AuthedFrame = z.output<typeof authedFrameSchema>;
export type SubscribedFrame = z.output<typeof subscribedFrameSchema>;
export type UnsubscribedFrame = z.output<typeof unsubscribedFrameSchema>;
export type ErrorFrame = z.output<typeof errorFrameSchema>;
export type PongFrame = z.output<typeof pongFrameSchema>;
export type ResyncFrame = z.output<typeof resyncFrameSchema>;
export type ModeFrame = z.output<typeof modeFrameSchema>;
export type ServerFrame = AuthedFrame | SubscribedFrame | UnsubscribedFrame | ErrorFrame | PongFrame | ResyncFrame | ModeFrame | EventFrame;
