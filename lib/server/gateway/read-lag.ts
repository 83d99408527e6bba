// How far a browser is behind in reading what the gateway already wrote. The socket's own buffer (bufferedAmount)
// says nothing until the kernel's buffers are full, which on a fast link holds several MiB and many seconds of
// events; so every `probeEveryBytes` written, a WebSocket ping with a sequence number follows the data. A browser
// answers a ping only once it has read everything before it, so its pong proves those bytes were consumed:
// unread = written − offset of the last answered probe. Past `maxUnreadBytes` unread, or a probe unanswered for
// `maxLagMs`, the browser is a slow consumer (closed 4009 by the session; it reconnects and resyncs).

export interface ReadLagLimits {
  /** Bytes written to the socket and not yet shown read by the browser. */
  maxUnreadBytes: number;
  /** How long the oldest probe may wait for its pong. */
  maxLagMs: number;
  /** A probe follows every this many bytes written. */
  probeEveryBytes: number;
}

export const DEFAULT_READ_LAG_LIMITS: ReadLagLimits = {
  maxUnreadBytes: 4 * 1024 * 1024,
  maxLagMs: 3_000,
  probeEveryBytes: 64 * 1024,
};

/** Probes in flight per browser; past it no new probe is sent (the oldest one already measures the lag). */
export const MAX_OPEN_PROBES = 64;

const PROBE_TAG = 0x72; // "r": heartbeat pings carry no payload, probes carry the tag and a 32-bit sequence number

export type ReadLagVerdict = { ok: true } | { ok: false; reason: "unread_bytes" | "read_lag"; unreadBytes: number; lagMs: number };

interface Probe {
  seq: number;
  offset: number;
  at: number;
}

export class ReadLag {
  private written = 0;
  private readUpTo = 0;
  private lastProbeOffset = 0;
  private seq = 0;
  private readonly open: Probe[] = [];

  constructor(private readonly limits: ReadLagLimits) {}

  /** Bytes handed to the socket. Returns the payload of a probe to send now (after those bytes), if one is due. */
  wrote(bytes: number, now: number): Buffer | undefined {
    this.written += bytes;
    if (this.written - this.lastProbeOffset < this.limits.probeEveryBytes || this.open.length >= MAX_OPEN_PROBES) return undefined;
    this.seq = (this.seq + 1) >>> 0;
    this.lastProbeOffset = this.written;
    this.open.push({ seq: this.seq, offset: this.written, at: now });
    const payload = Buffer.alloc(5);
    payload[0] = PROBE_TAG;
    payload.writeUInt32BE(this.seq, 1);
    return payload;
  }

  /** A pong arrived; returns false when it was not one of ours (a heartbeat pong). */
  pong(payload: Buffer): boolean {
    if (payload.length !== 5 || payload[0] !== PROBE_TAG) return false;
    const seq = payload.readUInt32BE(1);
    const i = this.open.findIndex((p) => p.seq === seq);
    if (i < 0) return true; // stale or forged: proves nothing
    this.readUpTo = Math.max(this.readUpTo, (this.open[i] as Probe).offset);
    this.open.splice(0, i + 1); // pongs come in order: every earlier probe's bytes were read too
    return true;
  }

  get unreadBytes(): number {
    return this.written - this.readUpTo;
  }

  /** How long the oldest unanswered probe has waited. */
  lagMs(now: number): number {
    const oldest = this.open[0];
    return oldest ? now - oldest.at : 0;
  }

  verdict(now: number): ReadLagVerdict {
    const unreadBytes = this.unreadBytes;
    const lagMs = this.lagMs(now);
    if (unreadBytes > this.limits.maxUnreadBytes) return { ok: false, reason: "unread_bytes", unreadBytes, lagMs };
    if (lagMs > this.limits.maxLagMs) return { ok: false, reason: "read_lag", unreadBytes, lagMs };
    return { ok: true };
  }
}
