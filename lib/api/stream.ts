import "./zod-setup";
import { z } from "zod";
import { canonicalAddress } from "./address";
import { parseChainId } from "./chains";
import { candleSchema, OHLCV_INTERVALS, PULSE_VIEWS, pulseTokenSchema, tokenTradeSchema, tokenUpdateSchema, walletTradeSchema } from "./schemas";

// §6 stream protocol. Frame shapes are not shown by the spec: these are ours, used by the embedded
// service, the gateway (which speaks the same protocol to browsers, minus the key) and the browser.

export const STREAM_PATH = "/v1/stream";
export const STREAM_LIMITS = { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50 } as const;
export const MAX_FRAME_BYTES = 16 * 1024;
/** §3: a preconfirmed row not confirmed within this window is dropped by consumers. */
export const PRECONFIRM_TTL_MS = 30_000;
export const PULSE_SNAPSHOT_INTERVAL_MS = 30_000;
export const TOKEN_UPDATE_MIN_INTERVAL_MS = 1_000;

const chain = z.string().refine((s) => parseChainId(s) !== null, "must be evm:<chain id> or solana").transform((s) => parseChainId(s) as string);
const chainAlias = z
  .string()
  .refine((s) => parseChainId(s, { allowSolanaAlias: true }) !== null, "must be evm:<chain id>, solana or solana:solana")
  .transform((s) => parseChainId(s, { allowSolanaAlias: true }) as string);
const address = z.string().refine((s) => canonicalAddress(s) !== null, "must be an EVM or Solana address").transform((s) => canonicalAddress(s) as string);
const pools = z.array(address).min(1).max(50);

export const CHANNELS = ["trades", "ohlcv", "token-updates", "pulse", "wallet-trades"] as const;
export type Channel = (typeof CHANNELS)[number];
/**
 * Gateway channels the market's stream does not have (§6 has no wallet channel): always served by polling REST
 * (§4.2 for wallet trades), never subscribed upstream and never holding a stream slot. The market refuses them.
 */
export const POLL_ONLY_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(["wallet-trades"]);
export function isPollOnly(channel: Channel): boolean {
  return POLL_ONLY_CHANNELS.has(channel);
}

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
export type TradesParams = z.output<typeof tradesParamsSchema>;
export type OhlcvParams = z.output<typeof ohlcvParamsSchema>;
export type TokenUpdatesParams = z.output<typeof tokenUpdatesParamsSchema>;
export type PulseParams = z.output<typeof pulseParamsSchema>;
export type WalletTradesParams = z.output<typeof walletTradesParamsSchema>;
export type ChannelParams = { trades: TradesParams; ohlcv: OhlcvParams; "token-updates": TokenUpdatesParams; pulse: PulseParams; "wallet-trades": WalletTradesParams };

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
});
export const unsubscribeFrameSchema = z.strictObject({ type: z.literal("unsubscribe"), id: subId });
export const pingFrameSchema = z.strictObject({ type: z.literal("ping"), t: z.number().optional() });
export const clientFrameSchema = z.discriminatedUnion("type", [authFrameSchema, subscribeFrameSchema, unsubscribeFrameSchema, pingFrameSchema]);
export type ClientFrame = z.output<typeof clientFrameSchema>;
export type SubscribeFrame = z.output<typeof subscribeFrameSchema>;

// ---- server → client ----
export const STREAM_ERROR_CODES = [
  "auth_required", "auth_failed", "invalid_frame", "frame_too_large", "unknown_channel", "invalid_params",
  "duplicate_id", "unknown_id", "limit_connections", "limit_subscriptions", "limit_tracked", "rate_limited",
  "slow_consumer", "origin_forbidden", "upstream_unavailable", "internal_error",
  "token_not_found", // subscribe to a token the market does not know
  "upstream_auth", // gateway: the market stream rejected the server's key
  "limit_ip_connections", // gateway: more connections from one client address than any network of browsers opens (abuse)
  "unknown_chain", // a chain the service does not serve
] as const;
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];

/** WebSocket close codes used with a final error frame. */
export const CLOSE_CODES = { authFailed: 4001, protocol: 4002, limitConnections: 4008, slowConsumer: 4009, originForbidden: 4003, shuttingDown: 1001 } as const;

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
/**
 * Gateway only: how a subscription is served. `stream`: from an upstream stream subscription (live); `poll`: from REST
 * on a cadence, with `delayMs` the measured (or, before the first measurement, expected) delay behind the market.
 */
export const LIVENESS_MODES = ["stream", "poll"] as const;
export type LivenessMode = (typeof LIVENESS_MODES)[number];
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

/** Parses a subscribe frame's params for its channel (error message on failure). */
export function parseChannelParams<C extends Channel>(channel: C, params: unknown):
  | { ok: true; params: ChannelParams[C] }
  | { ok: false; code: "unknown_channel" | "invalid_params"; message: string } {
  if (!(CHANNELS as readonly string[]).includes(channel)) return { ok: false, code: "unknown_channel", message: `unknown channel "${String(channel).slice(0, 32)}"` };
  const r = channelParamsSchemas[channel].safeParse(params);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, code: "invalid_params", message: `${i?.path.join(".") || "params"}: ${i?.message ?? "invalid"}` };
  }
  const p = r.data as ChannelParams[C];
  if (channel === "ohlcv" && (p as OhlcvParams).quote === "usd" && (p as OhlcvParams).chain !== "solana")
    return { ok: false, code: "invalid_params", message: "quote=usd applies to Solana only" };
  return { ok: true, params: p };
}

/** The tokens/pools a subscription tracks, for the 50-tracked limit (§8). Pulse and poll-only channels track none. */
export function trackedKeys(channel: Channel, params: ChannelParams[Channel]): string[] {
  if (channel === "pulse" || isPollOnly(channel)) return [];
  const p = params as TradesParams;
  return p.pools?.length ? p.pools.map((a) => `${p.chain}:pool:${a}`) : [`${p.chain}:token:${p.address}`];
}

export { subscriptionKey } from "./subscription-key";

export function tradeKey(t: { txHash: string; block: number; logIndex: number }): string {
  return `${t.txHash}:${t.block}:${t.logIndex}`;
}

/**
 * A wallet trade row's identity: txHash + block + logIndex on EVM; a Solana row has neither block nor log index and is
 * one event per transaction, token and side (§2.2 multihop dedup).
 */
export function walletTradeKey(t: { txHash: string; tokenAddress: string; isBuy: boolean; block?: number; logIndex?: number }): string {
  return typeof t.block === "number" && typeof t.logIndex === "number" ? `${t.txHash}:${t.block}:${t.logIndex}` : `${t.txHash}:${t.tokenAddress}:${t.isBuy ? "b" : "s"}`;
}
