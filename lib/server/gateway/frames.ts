import type { Channel, ServerFrame } from "@/lib/api";

// Browser-facing bytes. An event is serialized once, without its subscription id; each browser id then costs a
// short cached head: `{"type":"event","id":"<id>",` + the shared body `"channel":…}`. The result is a complete
// WebSocket frame: a server never masks (RFC 6455 §5.1), so the wire bytes are the same for every browser with
// that id, and they go to each socket as they are, with no per-browser framing.

const PREFIX = '{"type":"event","id":';

/** The shared part of an event frame: `"channel":…,"kind":…,"data":…,"meta":…}`. */
export function eventBody(channel: Channel, kind: string, data: unknown, meta: unknown): Buffer {
  return Buffer.from(JSON.stringify({ channel, kind, data, meta }).slice(1));
}

/** The per-id head of an event frame. */
export function eventHead(id: string): Buffer {
  return Buffer.from(`${PREFIX}${JSON.stringify(id)},`);
}

/** The event's JSON text (for a `ws.send`). */
export function eventJson(head: Buffer, body: Buffer): Buffer {
  return Buffer.concat([head, body], head.length + body.length);
}

/** The event as a ready-to-write WebSocket text frame. */
export function eventFrame(head: Buffer, body: Buffer): Buffer {
  return textFrame(head, body);
}

export function controlFrame(frame: ServerFrame): Buffer {
  return textFrame(Buffer.from(JSON.stringify(frame)));
}

/** One unmasked, final WebSocket text frame carrying `parts` in order (RFC 6455 §5.2). */
export function textFrame(...parts: Buffer[]): Buffer {
  let len = 0;
  for (const p of parts) len += p.length;
  const headerLen = len < 126 ? 2 : len < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerLen + len);
  out[0] = 0x81; // FIN + text
  if (len < 126) out[1] = len;
  else if (len < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(len, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(Math.floor(len / 2 ** 32), 2);
    out.writeUInt32BE(len >>> 0, 6);
  }
  let at = headerLen;
  for (const p of parts) at += p.copy(out, at);
  return out;
}

/** The text a frame from `textFrame` carries (tests, diagnostics). */
export function textFramePayload(frame: Buffer): string {
  const n = frame[1] as number;
  const start = n < 126 ? 2 : n === 126 ? 4 : 10;
  return frame.toString("utf8", start);
}
