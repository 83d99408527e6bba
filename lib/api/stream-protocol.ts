import { canonicalAddress } from "./address";
import { parseChainId } from "./chains";
import { OHLCV_INTERVALS, type OhlcvInterval, PULSE_VIEWS, type PulseView, type Quote } from "./constants";

// §6 stream protocol without zod: constants, channel params and keys, shared by the embedded service, the gateway and
// the browser. The frame schemas (lib/api/stream.ts) build on these; the browser imports only this module.

export const STREAM_PATH = "/v1/stream";
export const STREAM_LIMITS = { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50 } as const;
export const MAX_FRAME_BYTES = 16 * 1024;
/** §3: a preconfirmed row not confirmed within this window is dropped by consumers. */
export const PRECONFIRM_TTL_MS = 30_000;
export const PULSE_SNAPSHOT_INTERVAL_MS = 30_000;
export const TOKEN_UPDATE_MIN_INTERVAL_MS = 1_000;

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

export interface TradesParams {
  chain: string;
  address: string;
  pools?: string[];
}
export interface OhlcvParams {
  chain: string;
  address: string;
  pools?: string[];
  interval: OhlcvInterval;
  quote: Quote;
}
export interface TokenUpdatesParams {
  chain: string;
  address: string;
}
export interface PulseParams {
  view: PulseView;
  chains: string[];
}
/** §4.2's `chain` and `wallet` (the same address family, as REST requires). */
export interface WalletTradesParams {
  chain: string;
  wallet: string;
}
export type ChannelParams = {
  trades: TradesParams;
  ohlcv: OhlcvParams;
  "token-updates": TokenUpdatesParams;
  pulse: PulseParams;
  "wallet-trades": WalletTradesParams;
};

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

/**
 * Gateway only: how a subscription is served. `stream`: from an upstream stream subscription (live); `poll`: from REST
 * on a cadence, with `delayMs` the measured (or, before the first measurement, expected) delay behind the market.
 */
export const LIVENESS_MODES = ["stream", "poll"] as const;
export type LivenessMode = (typeof LIVENESS_MODES)[number];

// ---- channel params: strict objects, canonical chain ids and addresses ----

class ParamError extends Error {}
const fail = (path: string, message: string): never => {
  throw new ParamError(`${path}: ${message}`);
};
const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

function record(v: unknown, keys: readonly string[]): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail("params", `expected object, received ${typeName(v)}`);
  const r = v as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!keys.includes(k)) fail("params", `unrecognized key "${k.slice(0, 32)}"`);
  return r;
}
function str(v: unknown, path: string): string {
  if (typeof v !== "string") fail(path, `expected string, received ${typeName(v)}`);
  return v as string;
}
function chainOf(v: unknown, path: string, allowSolanaAlias = false): string {
  const c = parseChainId(str(v, path), { allowSolanaAlias });
  return c ?? fail(path, allowSolanaAlias ? "must be evm:<chain id>, solana or solana:solana" : "must be evm:<chain id> or solana");
}
function addressOf(v: unknown, path: string): string {
  return canonicalAddress(str(v, path)) ?? fail(path, "must be an EVM or Solana address");
}
function listOf<T>(v: unknown, path: string, min: number, max: number, item: (x: unknown, p: string) => T): T[] {
  if (!Array.isArray(v)) fail(path, `expected array, received ${typeName(v)}`);
  const a = v as unknown[];
  if (a.length < min) fail(path, `expected at least ${min} item${min === 1 ? "" : "s"}`);
  if (a.length > max) fail(path, `expected at most ${max} items`);
  return a.map((x, i) => item(x, `${path}.${i}`));
}
function oneOf<const V extends string>(v: unknown, path: string, values: readonly V[]): V {
  if (typeof v !== "string" || !(values as readonly string[]).includes(v))
    fail(path, `expected one of ${values.map((x) => `"${x}"`).join("|")}`);
  return v as V;
}
const poolsOf = (v: unknown) => (v === undefined ? undefined : listOf(v, "pools", 1, 50, addressOf));
const withPools = <T extends object>(p: T, pools: string[] | undefined) => (pools === undefined ? p : { ...p, pools });

const PARSERS: { [C in Channel]: (v: unknown) => ChannelParams[C] } = {
  trades: (v) => {
    const r = record(v, ["chain", "address", "pools"]);
    return withPools({ chain: chainOf(r.chain, "chain"), address: addressOf(r.address, "address") }, poolsOf(r.pools));
  },
  ohlcv: (v) => {
    const r = record(v, ["chain", "address", "pools", "interval", "quote"]);
    const chain = chainOf(r.chain, "chain", true);
    const address = addressOf(r.address, "address");
    const pools = poolsOf(r.pools);
    const interval = oneOf(r.interval, "interval", OHLCV_INTERVALS);
    const quote = r.quote === undefined ? "native" : oneOf(r.quote, "quote", ["native", "usd"] as const);
    return { chain, address, ...(pools === undefined ? {} : { pools }), interval, quote };
  },
  "token-updates": (v) => {
    const r = record(v, ["chain", "address"]);
    return { chain: chainOf(r.chain, "chain"), address: addressOf(r.address, "address") };
  },
  pulse: (v) => {
    const r = record(v, ["view", "chains"]);
    return { view: oneOf(r.view, "view", PULSE_VIEWS), chains: listOf(r.chains, "chains", 1, 8, (x, p) => chainOf(x, p)) };
  },
  "wallet-trades": (v) => {
    const r = record(v, ["chain", "wallet"]);
    const chain = chainOf(r.chain, "chain");
    const wallet = addressOf(r.wallet, "wallet");
    if ((chain === "solana") !== !wallet.startsWith("0x")) fail("wallet", "not an address of this chain");
    return { chain, wallet };
  },
};

/** Parses a subscribe frame's params for its channel (error message on failure). */
export function parseChannelParams<C extends Channel>(channel: C, params: unknown):
  | { ok: true; params: ChannelParams[C] }
  | { ok: false; code: "unknown_channel" | "invalid_params"; message: string } {
  if (!(CHANNELS as readonly string[]).includes(channel)) return { ok: false, code: "unknown_channel", message: `unknown channel "${String(channel).slice(0, 32)}"` };
  let p: ChannelParams[C];
  try {
    p = PARSERS[channel](params) as ChannelParams[C];
  } catch (e) {
    if (e instanceof ParamError) return { ok: false, code: "invalid_params", message: e.message };
    throw e;
  }
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

/** A stable key for identical subscriptions (the gateway shares them). */
export function subscriptionKey(channel: Channel, params: ChannelParams[Channel]): string {
  const p = params as unknown as Record<string, unknown>;
  const norm = Object.keys(p).sort().map((k) => {
    const v = p[k];
    return `${k}=${Array.isArray(v) ? [...v].sort().join(",") : String(v)}`;
  });
  return `${channel}?${norm.join("&")}`;
}

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
