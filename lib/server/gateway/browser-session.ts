import {
  type Channel, CLOSE_CODES, clientFrameSchema, type ErrorFrame, parseChannelParams, type ServerFrame, type StreamErrorCode,
  subscriptionKey,
} from "@/lib/api";
import { CONNECTION_VIEWS } from "./liveness/shares";
import type { Clock } from "@/lib/api/clock";
import { controlFrame } from "./frames";
import type { IpQuota } from "./ip-quota";
import { ReadLag } from "./read-lag";
import { type Conflation, type QueueBudget, SendQueue, type SendSink } from "./send-queue";
import type { Resume, Subscriber } from "./shared-sub";
import type { GatewayCounters } from "./stats";
import { createTokenBucket, type TokenBucket } from "@/lib/api/token-bucket";
import type { UpstreamPool } from "./upstream-pool";

// One browser connection: the same frame protocol as the upstream minus the key (lib/api/stream.ts).
// Every bad input gets an error frame with a machine-readable code; nothing a browser sends can throw.

export interface Transport {
  write(bytes: Buffer): void;
  bufferedAmount(): number;
  /** A WebSocket ping carrying `payload`, after everything written so far (read-lag probes, read-lag.ts). */
  ping(payload: Buffer): void;
  close(code: number, reason: string): void;
}

export interface BrowserLimits {
  maxSubscriptions: number;
  subscribeRatePerSec: number;
  subscribeBurst: number;
  frameRatePerSec: number;
  frameBurst: number;
  maxFrameBytes: number;
  sendHighWaterBytes: number;
  maxQueuedBytes: number;
  /** Written but not yet shown read by the browser (read-lag.ts); past it the browser is closed 4009. */
  maxUnreadBytes: number;
  /** How long a read-lag probe may go unanswered; past it the browser is closed 4009. */
  maxReadLagMs: number;
  /** A read-lag probe follows every this many bytes written. */
  probeEveryBytes: number;
  /** Announced in `authed`: the key-wide tracked limit the browser shares with everyone. */
  trackedTokens: number;
}

export interface SessionDeps {
  pool: UpstreamPool;
  clock: Clock;
  counters: GatewayCounters;
  limits: BrowserLimits;
  /** All browsers' queues together. */
  budget?: QueueBudget;
  /** This browser's client address: its views count in that address's share of the budget (liveness/shares.ts). */
  quota: IpQuota;
  onClosed(session: BrowserSession): void;
}

export class BrowserSession implements Subscriber {
  /** Browser subscription id → subscription key. */
  readonly subs = new Map<string, string>();
  closed = false;
  private readonly queue: SendQueue;
  private readonly readLag: ReadLag;
  private readonly subscribeBucket: TokenBucket;
  private readonly frameBucket: TokenBucket;
  private throttled = false;

  constructor(
    private readonly transport: Transport,
    private readonly d: SessionDeps,
  ) {
    const l = d.limits;
    this.readLag = new ReadLag({ maxUnreadBytes: l.maxUnreadBytes, maxLagMs: l.maxReadLagMs, probeEveryBytes: l.probeEveryBytes });
    // Every byte handed to the socket is counted; a probe follows each `probeEveryBytes` of them.
    const sink: SendSink = {
      bufferedAmount: () => transport.bufferedAmount(),
      write: (bytes) => {
        transport.write(bytes);
        const probe = this.readLag.wrote(bytes.length, d.clock.now());
        if (probe) transport.ping(probe);
      },
    };
    this.queue = new SendQueue(sink, { highWaterBytes: l.sendHighWaterBytes, maxQueuedBytes: l.maxQueuedBytes }, d.budget);
    this.subscribeBucket = createTokenBucket({ ratePerSec: l.subscribeRatePerSec, burst: l.subscribeBurst, now: d.clock.now });
    this.frameBucket = createTokenBucket({ ratePerSec: l.frameRatePerSec, burst: l.frameBurst, now: d.clock.now });
  }

  get queuedBytes(): number {
    return this.queue.queuedBytes;
  }

  /** The browser does not authenticate: it is told its limits at once. */
  start(): void {
    this.sendFrame({ type: "authed", limits: this.authedLimits() });
  }

  handleMessage(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.d.counters.browserFramesIn++;
    if (!this.frameBucket.take()) {
      if (!this.throttled) this.error("rate_limited", "too many frames; slow down");
      this.throttled = true;
      return;
    }
    this.throttled = false;
    if (isBinary) return this.error("invalid_frame", "frames are JSON text");
    if (data.length > this.d.limits.maxFrameBytes) return this.error("frame_too_large", `frames are at most ${this.d.limits.maxFrameBytes} bytes`);
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString("utf8"));
    } catch {
      return this.error("invalid_frame", "not valid JSON");
    }
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.error("invalid_frame", `${issue?.path.join(".") || "frame"}: ${issue?.message ?? "invalid"}`.slice(0, 200), idOf(raw));
    }
    const f = parsed.data;
    switch (f.type) {
      case "auth":
        return this.sendFrame({ type: "authed", limits: this.authedLimits() }); // the browser's key, if any, is ignored
      case "ping":
        return this.sendFrame({ type: "pong", ...(f.t !== undefined ? { t: f.t } : {}) });
      case "unsubscribe": {
        const key = this.subs.get(f.id);
        if (key === undefined) return this.error("unknown_id", `no subscription "${f.id}"`, f.id);
        this.subscriptionEnded(f.id);
        this.d.pool.detach(this, f.id, key);
        return this.sendFrame({ type: "unsubscribed", id: f.id });
      }
      case "subscribe":
        return this.subscribe(f.id, f.channel, f.params, { sinceAt: f.sinceAt, after: f.after });
    }
  }

  private subscribe(id: string, channel: string, params: unknown, resume: Resume): void {
    const l = this.d.limits;
    if (this.subs.has(id)) return this.error("duplicate_id", `subscription "${id}" already exists`, id);
    if (this.subs.size >= l.maxSubscriptions) {
      // Abuse, not capacity: more than a browser with every tab open can use.
      this.d.counters.limitRejections++;
      return this.error("limit_subscriptions", `at most ${l.maxSubscriptions} subscriptions per connection`, id, l.maxSubscriptions);
    }
    if (!this.subscribeBucket.take()) return this.error("rate_limited", "subscribing too fast; retry in a moment", id);
    const p = parseChannelParams(channel as Channel, params);
    if (!p.ok) return this.error(p.code, p.message, id);
    this.subs.set(id, subscriptionKey(channel as Channel, p.params));
    const r = this.d.pool.attach(this, id, channel as Channel, p.params, channel === "trades" ? resume : {});
    if (!r.ok) {
      this.subscriptionEnded(id);
      this.error(r.code, r.message, id, r.limit);
    }
  }

  deliver(bytes: Buffer, conflate?: Conflation): void {
    if (this.closed) return;
    const r = this.queue.push(bytes, conflate);
    if (r === "overflow" || !this.readLag.verdict(this.d.clock.now()).ok) return this.close(CLOSE_CODES.slowConsumer, "slow_consumer");
    if (r === "conflated") this.d.counters.conflated++;
    else {
      this.d.counters.messagesOut++;
      this.d.counters.bytesOut += bytes.length;
    }
  }

  sendFrame(frame: ServerFrame): void {
    this.deliver(controlFrame(frame));
  }

  subscriptionEnded(id: string): void {
    this.subs.delete(id);
  }

  /** Its client address, and the weight of each of its subscriptions: one connection counts as at most 20 viewers. */
  shareOf(): { address: string; weight: number } {
    return { address: this.d.quota.address, weight: Math.min(1, CONNECTION_VIEWS / Math.max(1, this.subs.size)) };
  }

  /** A pong from the browser: a read-lag probe's answer moves the read mark (heartbeat pongs carry nothing). */
  pong(payload: Buffer): void {
    if (!this.closed) this.readLag.pong(payload);
  }

  /** Bytes written and not yet shown read, and how long the oldest probe has waited. */
  readState(): { unreadBytes: number; lagMs: number } {
    return { unreadBytes: this.readLag.unreadBytes, lagMs: this.readLag.lagMs(this.d.clock.now()) };
  }

  /** The socket drained: move waiting frames. */
  pump(): void {
    if (!this.closed) this.queue.pump();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    if (code === CLOSE_CODES.slowConsumer) this.d.counters.slowConsumerCloses++;
    this.dispose();
    this.transport.close(code, reason);
  }

  /** The connection is gone: release its subscriptions (each upstream one after its grace period). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.d.counters.dropped += this.queue.clear();
    for (const [id, key] of [...this.subs]) {
      this.subscriptionEnded(id);
      this.d.pool.detach(this, id, key);
    }
    this.d.quota.release();
    this.d.onClosed(this);
  }

  private error(code: StreamErrorCode, message: string, id?: string, limit?: number): void {
    if (code === "invalid_frame" || code === "frame_too_large") this.d.counters.invalidFrames++;
    const frame: ErrorFrame = { type: "error", code, message };
    if (id !== undefined) frame.id = id;
    if (limit !== undefined) frame.limit = limit;
    this.sendFrame(frame);
  }

  private authedLimits() {
    const l = this.d.limits;
    return { connections: 1, subscriptionsPerConnection: l.maxSubscriptions, trackedTokens: l.trackedTokens };
  }
}

/** The id of a rejected frame, when it has a usable one, so the browser can tell which request failed. */
function idOf(raw: unknown): string | undefined {
  const id = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === "string" && /^[A-Za-z0-9_.:-]{1,64}$/.test(id) ? id : undefined;
}
