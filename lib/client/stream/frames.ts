import {
  CHANNELS,
  type Channel,
  LIVENESS_MODES,
  OHLCV_INTERVALS,
  PULSE_VIEWS,
  type ServerFrame,
} from "@/lib/api/core";
import { readJsonFrame } from "./json-frame";
import type { ParsedFrame } from "./socket-core";

// Parses one server frame (lib/api/stream.ts shapes); anything malformed is rejected here, never reaches a reducer.
// The gateway built each frame from those schemas, so the browser checks shapes with light guards, without zod:
// the fields the reducers and the UI read, with their types.

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const isInt = (x: unknown): x is number => Number.isInteger(x);
const isStr = (x: unknown): x is string => typeof x === "string";
const isBool = (x: unknown): x is boolean => typeof x === "boolean";
const isNumOrNull = (x: unknown) => x === null || isNum(x);
const isStrOrNull = (x: unknown) => x === null || isStr(x);
const opt = (x: unknown, ok: (v: unknown) => boolean) => x === undefined || ok(x);
const all = (o: Obj, keys: readonly string[], ok: (v: unknown) => boolean) => keys.every((k) => ok(o[k]));
const oneOf = (values: readonly string[]) => (x: unknown) => isStr(x) && values.includes(x);
const arrayOf = (ok: (v: unknown) => boolean) => (x: unknown) => Array.isArray(x) && x.every(ok);

const isTradeKey = (t: unknown) => isObj(t) && isStr(t.txHash) && isInt(t.block) && isInt(t.logIndex);
const isTrade = (t: unknown) =>
  isTradeKey(t) &&
  isObj(t) &&
  isInt(t.at) &&
  isStr(t.maker) &&
  all(t, ["amountToken", "amountQuote", "priceNative", "volumeNative", "volumeUsd"], isNum) &&
  all(t, ["isBuy", "isProTrader", "isSniper", "preconfirmed"], isBool) &&
  opt(t.isWash, isBool) &&
  opt(t.traderTxCounts, (c) => isObj(c) && isInt(c.buys) && isInt(c.sells));
const isCandle = (c: unknown) => isObj(c) && isInt(c.time) && all(c, ["open", "high", "low", "close", "volume"], isNum);
const TOKEN_UPDATE_NUMBERS = [
  "priceUsd", "priceNative", "marketCapUsd", "liquidityUsd", "bondingProgress", "volume24hUsd", "priceChange1hPct",
  "priceChange24hPct",
] as const;
const isIntOrNull = (x: unknown) => x === null || isInt(x);
const isDecimal = (x: unknown) => isStr(x) && /^-?\d+(\.\d+)?$/.test(x);
const isTokenUpdate = (u: unknown) =>
  isObj(u) &&
  isStr(u.chain) &&
  isStr(u.address) &&
  isBool(u.migrated) &&
  isInt(u.updatedAt) &&
  all(u, TOKEN_UPDATE_NUMBERS, isNumOrNull) &&
  all(u, ["txns24h", "buys24h", "sells24h", "graduatedAt"], isIntOrNull);
const isPulseToken = (p: unknown) =>
  isObj(p) &&
  all(p, ["chain", "address", "name", "symbol"], isStr) &&
  all(p, ["totalSupply", "priceNative", "liquidityNative"], isDecimal) &&
  all(p, ["priceUsd", "marketCapUsd", "liquidityUsd", "bondingProgress", "volumeUsd", "feesUsd"], isNum) &&
  all(p, ["nameRank", "createdAt", "ageSeconds", "txns", "buys", "sells"], isInt) &&
  isBool(p.migrated) &&
  isIntOrNull(p.graduatedAt) &&
  isObj(p.pool) &&
  all(p.pool, ["address", "type", "factory", "quoteAddress", "quoteSymbol"], isStr) &&
  isObj(p.metadata) &&
  isBool(p.metadata.dexPaid) &&
  all(p.metadata, ["iconUrl", "websiteUrl", "twitterUrl", "telegramUrl"], isStrOrNull) &&
  isObj(p.creator) &&
  isStr(p.creator.address) &&
  all(p.creator, ["displayName", "avatarUrl", "ensName"], isStrOrNull);
const isWalletTrade = (t: unknown) =>
  isObj(t) &&
  isInt(t.at) &&
  all(t, ["chain", "tokenAddress", "txHash"], isStr) &&
  isBool(t.isBuy) &&
  all(t, ["amountToken", "volumeUsd"], isNum) &&
  // EVM rows: price and volume in native, block and log index; Solana rows: symbol, USD price and maker.
  ((all(t, ["priceNative", "volumeNative"], isNum) && isInt(t.block) && isInt(t.logIndex)) ||
    (isStr(t.tokenSymbol) && isNum(t.priceUsd) && isStr(t.maker)));
const isTokenRef = (x: unknown) => isObj(x) && isStr(x.chain) && isStr(x.address);
const hasAsOf = (m: unknown): m is Obj => isObj(m) && isInt(m.asOf);

/** An event's `kind` → the check of its `data`, per channel; `meta` checks beyond `asOf`. */
const EVENTS: Record<Channel, { kinds: Record<string, (data: unknown) => boolean>; meta?: (m: Obj) => boolean }> = {
  trades: { kinds: { trades: arrayOf(isTrade), revert: arrayOf(isTradeKey) } },
  ohlcv: {
    kinds: { candle: arrayOf(isCandle) },
    meta: (m) => oneOf(OHLCV_INTERVALS)(m.interval) && oneOf(["native", "usd"])(m.quote),
  },
  "token-updates": { kinds: { update: isTokenUpdate } },
  pulse: {
    kinds: { snapshot: arrayOf(isPulseToken), enter: isPulseToken, update: isPulseToken, leave: isTokenRef },
    meta: (m) => oneOf(PULSE_VIEWS)(m.view),
  },
  "wallet-trades": { kinds: { trades: arrayOf(isWalletTrade) } },
};

const isIds = arrayOf(isStr);
const CONTROL: Record<string, (f: Obj) => boolean> = {
  authed: (f) =>
    isObj(f.limits) && all(f.limits, ["connections", "subscriptionsPerConnection", "trackedTokens"], isInt),
  subscribed: (f) =>
    isStr(f.id) &&
    oneOf(CHANNELS)(f.channel) &&
    "params" in f &&
    opt(f.mode, oneOf(LIVENESS_MODES)) &&
    opt(f.delayMs, (d) => isInt(d) && d >= 0),
  unsubscribed: (f) => isStr(f.id),
  error: (f) => opt(f.id, isStr) && isStr(f.code) && isStr(f.message) && opt(f.limit, isInt),
  pong: (f) => opt(f.t, isNum),
  resync: (f) => isIds(f.ids) && isStr(f.reason),
  mode: (f) => isIds(f.ids) && oneOf(LIVENESS_MODES)(f.mode) && opt(f.delayMs, (d) => isInt(d) && d >= 0),
};

function own<T>(table: Record<string, T>, name: unknown): T | undefined {
  return typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined;
}

function checkEvent(f: Obj): string | null {
  const spec = own(EVENTS, f.channel);
  if (!spec) return `unknown frame type event`;
  const data = own(spec.kinds, f.kind);
  if (!data) return `event: unknown kind ${String(f.kind).slice(0, 32)}`;
  if (!isStr(f.id)) return "event: id must be a string";
  if (!hasAsOf(f.meta) || (spec.meta && !spec.meta(f.meta))) return "event: invalid meta";
  return data(f.data) ? null : `event: invalid ${String(f.channel)} ${String(f.kind)} data`;
}

export function parseServerFrame(raw: unknown): ParsedFrame {
  const read = readJsonFrame(raw);
  if (!read.ok) return read;
  const json = read.json;
  const type = json.type;
  if (type === "event") {
    const why = checkEvent(json);
    return why === null ? { ok: true, frame: json as unknown as ServerFrame } : { ok: false, reason: why };
  }
  const check = own(CONTROL, type);
  if (!check) return { ok: false, reason: `unknown frame type ${String(type).slice(0, 32)}` };
  if (!check(json)) return { ok: false, reason: `${String(type)}: invalid` };
  return { ok: true, frame: json as unknown as ServerFrame };
}
