import type { Channel, ServerFrame } from "@/lib/api";

// Browser-facing bytes. An event is serialized once, without its subscription id; each browser id then costs a
// short cached head: `{"type":"event","id":"<id>",` + the shared body `"channel":…}`. Browsers that picked the
// same id (the same client code usually does) receive the very same Buffer.

const PREFIX = '{"type":"event","id":';

/** The shared part of an event frame: `"channel":…,"kind":…,"data":…,"meta":…}`. */
export function eventBody(channel: Channel, kind: string, data: unknown, meta: unknown): Buffer {
  return Buffer.from(JSON.stringify({ channel, kind, data, meta }).slice(1));
}

/** The per-id head of an event frame. */
export function eventHead(id: string): Buffer {
  return Buffer.from(`${PREFIX}${JSON.stringify(id)},`);
}

export function eventFrame(head: Buffer, body: Buffer): Buffer {
  return Buffer.concat([head, body], head.length + body.length);
}

export function controlFrame(frame: ServerFrame): Buffer {
  return Buffer.from(JSON.stringify(frame));
}
