import type { z } from "zod";
import {
  authedFrameSchema,
  type Channel,
  errorFrameSchema,
  ohlcvEventSchema,
  pongFrameSchema,
  pulseEventSchema,
  modeFrameSchema,
  resyncFrameSchema,
  type ServerFrame,
  subscribedFrameSchema,
  tokenUpdateEventSchema,
  tradesEventSchema,
  unsubscribedFrameSchema,
  walletTradesEventSchema,
} from "@/lib/api";

// Parses one server frame (lib/api/stream.ts shapes); anything malformed is rejected here, never reaches a reducer.

const eventSchemas: Record<Channel, z.ZodType> = {
  trades: tradesEventSchema,
  ohlcv: ohlcvEventSchema,
  "token-updates": tokenUpdateEventSchema,
  pulse: pulseEventSchema,
  "wallet-trades": walletTradesEventSchema,
};

const controlSchemas: Record<string, z.ZodType> = {
  authed: authedFrameSchema,
  subscribed: subscribedFrameSchema,
  unsubscribed: unsubscribedFrameSchema,
  error: errorFrameSchema,
  pong: pongFrameSchema,
  resync: resyncFrameSchema,
  mode: modeFrameSchema,
};

function own(table: Record<string, z.ZodType>, name: unknown): z.ZodType | undefined {
  return typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined;
}

export type ParsedFrame = { ok: true; frame: ServerFrame } | { ok: false; reason: string };

export function parseServerFrame(raw: unknown): ParsedFrame {
  if (typeof raw !== "string") return { ok: false, reason: "binary frame" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  if (typeof json !== "object" || json === null) return { ok: false, reason: "not an object" };
  const type = (json as { type?: unknown }).type;
  const schema =
    type === "event" ? own(eventSchemas, (json as { channel?: unknown }).channel) : own(controlSchemas, type);
  if (!schema) return { ok: false, reason: `unknown frame type ${String(type).slice(0, 32)}` };
  const r = schema.safeParse(json);
  if (!r.success) return { ok: false, reason: `${String(type)}: ${r.error.issues[0]?.message ?? "invalid"}` };
  return { ok: true, frame: r.data as ServerFrame };
}
