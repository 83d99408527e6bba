import type { RawData } from "ws";
import type { Channel, ServerFrame, StreamErrorCode } from "@/lib/api";

// Event frames are `{"type":"event","id":…,"channel":…,"kind":…,"data":…,"meta":…}`. The part after the id is
// serialized once per event and shared by every subscriber; only the short id prefix differs per subscription.

export function encodeFrame(frame: ServerFrame): Buffer {
  return Buffer.from(JSON.stringify(frame));
}

export function errorFrame(
  code: StreamErrorCode,
  message: string,
  extra: { id?: string; limit?: number } = {},
): Buffer {
  return encodeFrame({
    type: "error",
    ...(extra.id !== undefined ? { id: extra.id } : {}),
    code,
    message,
    ...(extra.limit !== undefined ? { limit: extra.limit } : {}),
  });
}

/** `,"channel":…,"kind":…,"data":…,"meta":…}` — everything after the subscription id. */
export function eventTail(channel: Channel, kind: string, data: unknown, meta: object): string {
  return `${JSON.stringify({ channel, kind, data, meta }).replace(/^\{/, ",")}`;
}

export function eventBytes(id: string, tail: string): Buffer {
  return Buffer.from(`{"type":"event","id":${JSON.stringify(id)}${tail}`);
}

// ---- client frames ----

export function toBuffer(data: RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}

export function safeJson(buf: Buffer): unknown {
  try {
    return JSON.parse(buf.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The subscription id a (possibly invalid) client frame names, for the error frame about it. */
export function frameId(json: unknown): string | undefined {
  const id = (json as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length > 0 && id.length <= 64 ? id : undefined;
}
