import type { Channel } from "@/lib/api";
import type { Clock, TimerHandle } from "@/lib/api/clock";
import { openUpstream, type UpstreamConnection, type UpstreamHandlers } from "./upstream-adapter";

// One upstream connection slot: connects, re-connects with exponential backoff and jitter, closes when idle
// (the key pays per connection-minute, §8) and accounts for its connected time.

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export interface LinkListener extends Omit<UpstreamHandlers, "onReady" | "onClosed"> {
  /** Authenticated; `reconnected` after a loss. The pool (re)subscribes what it assigned here. */
  onLinkReady(link: UpstreamLink, reconnected: boolean): void;
  /**
   * Lost (`authFailed`: the upstream rejected the key; `code`: the close code, 1012 when the upstream restarts it on
   * purpose); a reconnect is scheduled when it still carries subscriptions.
   */
  onLinkDown(link: UpstreamLink, reason: string, authFailed: boolean, code?: number): void;
  /** Closed for good (idle); the pool forgets it. */
  onLinkClosed(link: UpstreamLink): void;
}

export interface LinkOptions {
  id: number;
  target: () => { streamUrl: string; key: string };
  clock: Clock;
  random: () => number;
  backoff: BackoffPolicy;
  idleCloseMs: number;
  keepaliveMs?: number;
  listener: LinkListener;
}

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, with half of it random. */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export class UpstreamLink {
  status: "connecting" | "open" | "down" | "closed" = "connecting";
  /** Subscriptions assigned here, by upstream id (whatever their state). */
  readonly subs = new Set<string>();
  private conn: UpstreamConnection | undefined;
  private attempt = 0;
  private everReady = false;
  private readyAt = 0;
  private closedMs = 0;
  private retryTimer: TimerHandle | undefined;
  private idleTimer: TimerHandle | undefined;

  constructor(private readonly o: LinkOptions) {
    this.connect();
  }

  get id(): number {
    return this.o.id;
  }

  /** Open, or on its first attempt: not backing off after a failure, so a new subscription placed here goes out soon. */
  get healthy(): boolean {
    return this.status === "open" || (this.status === "connecting" && this.attempt === 0);
  }

  /** Connected time so far, in ms. */
  connectedMs(): number {
    return this.closedMs + (this.status === "open" ? this.o.clock.now() - this.readyAt : 0);
  }

  subscribe(upId: string, channel: Channel, params: unknown): void {
    this.subs.add(upId);
    this.o.clock.clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.status === "open") this.conn?.subscribe(upId, channel, params);
  }

  /** Sends a subscribe for a subscription already assigned here (after a reconnect). */
  resubscribe(upId: string, channel: Channel, params: unknown): void {
    if (this.status === "open" && this.subs.has(upId)) this.conn?.subscribe(upId, channel, params);
  }

  unsubscribe(upId: string): void {
    if (!this.subs.delete(upId)) return;
    if (this.status === "open") this.conn?.unsubscribe(upId);
    if (this.subs.size > 0) return;
    if (this.status === "down") return this.close();
    this.idleTimer = this.o.clock.setTimeout(() => {
      if (this.subs.size === 0) this.close();
    }, this.o.idleCloseMs);
  }

  close(): void {
    if (this.status === "closed") return;
    this.o.clock.clearTimeout(this.retryTimer);
    this.o.clock.clearTimeout(this.idleTimer);
    this.account();
    this.status = "closed";
    this.conn?.close();
    this.conn = undefined;
    this.o.listener.onLinkClosed(this);
  }

  private account(): void {
    if (this.status === "open") this.closedMs += this.o.clock.now() - this.readyAt;
  }

  private connect(): void {
    this.status = "connecting";
    const { streamUrl, key } = this.o.target();
    const l = this.o.listener;
    const handlers: UpstreamHandlers = {
      onReady: () => {
        if (this.status !== "connecting") return;
        this.status = "open";
        this.readyAt = this.o.clock.now();
        this.attempt = 0;
        const reconnected = this.everReady;
        this.everReady = true;
        l.onLinkReady(this, reconnected);
      },
      onSubscribed: (id) => l.onSubscribed(id),
      onUnsubscribed: (id) => l.onUnsubscribed(id),
      onError: (error) => l.onError(error),
      onEvent: (e) => l.onEvent(e),
      onMalformed: (reason) => l.onMalformed(reason),
      onClosed: (info) => {
        if (this.status === "closed") return;
        this.account();
        this.conn = undefined;
        this.status = "down";
        l.onLinkDown(this, info.reason, info.authFailed, info.code);
        if (this.subs.size === 0) return this.close();
        const delay = backoffDelay(this.o.backoff, this.attempt++, this.o.random);
        this.retryTimer = this.o.clock.setTimeout(() => this.connect(), delay);
      },
    };
    try {
      this.conn = openUpstream({ streamUrl, key, clock: this.o.clock, handlers, keepaliveMs: this.o.keepaliveMs });
    } catch (error) {
      // A malformed URL throws synchronously: treat it as a failed attempt, retried with backoff.
      const reason = error instanceof Error ? error.message : "cannot connect";
      this.o.clock.setTimeout(() => handlers.onClosed({ code: 1006, reason, authFailed: false }), 0);
    }
  }
}
