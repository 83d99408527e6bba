import type { EventFrame, ServerFrame } from "@/lib/api/core";
import { subscriptionKey } from "@/lib/api/core";
import { readJsonFrame } from "../json-frame";
import type { ParsedFrame, SocketCodec } from "../socket-core";

// The hub's checks, without zod: control frames are checked field by field (what the socket acts on); an event frame
// only for its routing (`id`, `channel`) and is forwarded as received, to be checked in full by each tab
// (frames.ts) before any reducer sees it. Params come from tabs that checked them already.

/** lib/api's CHANNELS and LIVENESS_MODES (a test keeps them equal; importing them would bring zod). */
export const LIGHT_CHANNELS: ReadonlySet<string> = new Set(["trades", "ohlcv", "token-updates", "pulse", "wallet-trades"]);
export const LIGHT_MODES: ReadonlySet<string> = new Set(["stream", "poll"]);
const str = (v: unknown): v is string => typeof v === "string";
const optStr = (v: unknown) => v === undefined || str(v);
const int = (v: unknown) => Number.isSafeInteger(v);
const optInt = (v: unknown, min = Number.MIN_SAFE_INTEGER) => v === undefined || (int(v) && (v as number) >= min);
const optNum = (v: unknown) => v === undefined || (typeof v === "number" && Number.isFinite(v));
const strArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(str);

function validLimits(l: unknown): boolean {
  if (typeof l !== "object" || l === null) return false;
  const o = l as Record<string, unknown>;
  return int(o.connections) && int(o.subscriptionsPerConnection) && int(o.trackedTokens);
}

function valid(f: Record<string, unknown>): boolean {
  switch (f.type) {
    case "authed":
      return validLimits(f.limits);
    case "subscribed":
      return (
        str(f.id) &&
        LIGHT_CHANNELS.has(f.channel as string) &&
        (f.mode === undefined || LIGHT_MODES.has(f.mode as string)) &&
        optInt(f.delayMs, 0)
      );
    case "unsubscribed":
      return str(f.id);
    case "mode":
      return strArray(f.ids) && LIGHT_MODES.has(f.mode as string) && optInt(f.delayMs, 0);
    case "error":
      return optStr(f.id) && str(f.code) && str(f.message) && optInt(f.limit);
    case "pong":
      return optNum(f.t);
    case "resync":
      return strArray(f.ids) && str(f.reason);
    case "event":
      return str(f.id) && LIGHT_CHANNELS.has(f.channel as string);
    default:
      return false;
  }
}

/** A codec whose parsed event frames remember their raw text (`rawOf`). */
export function createLightCodec(): SocketCodec & { rawOf(frame: EventFrame): string | undefined } {
  const raws = new WeakMap<object, string>();
  return {
    parseFrame(raw: unknown): ParsedFrame {
      const read = readJsonFrame(raw);
      if (!read.ok) return read;
      const f = read.json;
      if (!valid(f)) return { ok: false, reason: `invalid ${String(f.type).slice(0, 32)} frame` };
      if (f.type === "event") raws.set(f, read.text);
      return { ok: true, frame: f as unknown as ServerFrame };
    },
    normalize: (channel, params) =>
      typeof params === "object" && params !== null
        ? { ok: true, params: params as never, key: subscriptionKey(channel, params as never) }
        : { ok: false, code: "invalid_params", message: "params: expected an object" },
    rawOf: (frame) => raws.get(frame),
  };
}
