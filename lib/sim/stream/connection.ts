import type { RawData, WebSocket } from "ws";
import {
  authFrameSchema,
  CLOSE_CODES,
  clientFrameSchema,
  MAX_FRAME_BYTES,
  type StreamErrorCode,
  type SubscribeFrame,
} from "@/lib/api";
import { createTokenBucket, type TokenBucket } from "@/lib/api/token-bucket";
import type { MemberSink } from "./channels/group";
import type { ConnectionDeps } from "./connection-deps";
import { encodeFrame, errorFrame, frameId as idOf, safeJson, toBuffer } from "./frames";
import { createOutbox, type FrameClass, type Outbox } from "./outbox";
import { SubscriptionSet } from "./subscriptions";
import type { TimerHandle } from "@/lib/api/clock";

// One client socket: auth first (§6.1), then additive subscriptions by id (§6.2), limits per key (§8).
export class Connection implements MemberSink {
  state: "pending" | "open" | "closing" | "closed" = "pending";
  key: string | null = null;
  readonly openedAt: number;
  readonly outbox: Outbox;
  private subs: SubscriptionSet | null = null;
  private authTimer: TimerHandle | undefined;
  private creditTimer: TimerHandle | undefined;
  private beatTimer: TimerHandle | undefined;
  private alive = true;
  private markClosed: () => void = () => {};
  /** Resolves once the socket is closed and every subscription released. */
  readonly whenClosed = new Promise<void>((resolve) => {
    this.markClosed = resolve;
  });
  private readonly frameBudget: TokenBucket;

  constructor(
    private readonly ws: WebSocket,
    private readonly d: ConnectionDeps<Connection>,
  ) {
    const { timers, wall, config } = d;
    this.openedAt = timers.now();
    this.frameBudget = createTokenBucket({
      ratePerSec: config.framesPerSecond,
      burst: config.frameBurst,
      now: () => wall.now(),
    });
    this.outbox = createOutbox(ws, {
      timers,
      faults: d.faults,
      random: d.random,
      maxBufferedBytes: config.maxBufferedBytes,
      onOverflow: () => {
        d.onSlowConsumer();
        this.fail(
          "slow_consumer",
          `more than ${config.maxBufferedBytes} bytes waiting to be read`,
          CLOSE_CODES.slowConsumer,
        );
      },
    });
    ws.on("message", (data) => {
      try {
        this.onMessage(data);
      } catch {
        this.error("internal_error", "the frame could not be handled");
      }
    });
    ws.on("pong", () => {
      this.alive = true;
    });
    ws.on("close", () => this.cleanup());
    ws.on("error", () => ws.terminate());
    this.authTimer = wall.setTimeout(
      () => this.fail("auth_required", `no auth frame within ${config.authTimeoutMs} ms`, CLOSE_CODES.authFailed),
      config.authTimeoutMs,
    );
    this.beatTimer = wall.setTimeout(() => this.heartbeat(), config.heartbeatMs);
  }

  get subscriptions(): number {
    return this.subs?.size ?? 0;
  }

  deliver(bytes: Buffer, cls: FrameClass): void {
    if (this.state === "open") this.outbox.send(bytes, cls);
  }

  /** Abrupt loss, as a network failure would do it (fault injection). */
  drop(): void {
    if (this.state === "closed") return;
    this.state = "closing";
    this.ws.terminate();
  }

  shutdown(): void {
    if (this.state === "closed" || this.state === "closing") return;
    this.state = "closing";
    this.ws.close(CLOSE_CODES.shuttingDown, "server shutting down");
  }

  private send(frame: Parameters<typeof encodeFrame>[0]): void {
    this.outbox.send(encodeFrame(frame), "control");
  }
  private error(code: StreamErrorCode, message: string, extra?: { id?: string; limit?: number }): void {
    this.outbox.send(errorFrame(code, message, extra), "control");
  }
  /** Final error frame, then the close code; a peer that never answers the close is cut off. */
  private fail(code: StreamErrorCode, message: string, closeCode: number, extra?: { limit?: number }): void {
    if (this.state === "closing" || this.state === "closed") return;
    this.state = "closing";
    this.outbox.sendNow(errorFrame(code, message, extra));
    this.ws.close(closeCode, code);
    this.d.wall.setTimeout(() => this.ws.terminate(), 2000);
  }

  private heartbeat(): void {
    if (this.state === "closed") return;
    if (!this.alive) return this.ws.terminate(); // dead peer: no pong since the last ping
    this.alive = false;
    if (this.ws.readyState === this.ws.OPEN) this.ws.ping();
    this.beatTimer = this.d.wall.setTimeout(() => this.heartbeat(), this.d.config.heartbeatMs);
  }

  private onMessage(data: RawData): void {
    if (this.state !== "pending" && this.state !== "open") return;
    this.alive = true;
    const buf = toBuffer(data);
    const pending = this.state === "pending";
    if (buf.length > MAX_FRAME_BYTES) {
      const msg = `frames are limited to ${MAX_FRAME_BYTES} bytes`;
      return pending
        ? this.fail("frame_too_large", msg, CLOSE_CODES.authFailed)
        : this.error("frame_too_large", msg, { limit: MAX_FRAME_BYTES });
    }
    if (!pending && !this.frameBudget.take())
      return this.error("rate_limited", `at most ${this.d.config.framesPerSecond} frames per second`, {
        id: idOf(safeJson(buf)),
      });
    const json = safeJson(buf);
    if (pending) return this.authenticate(json);
    if (json === undefined) return this.error("invalid_frame", "frame is not valid JSON");
    const r = clientFrameSchema.safeParse(json);
    if (!r.success) {
      const i = r.error.issues[0];
      return this.error("invalid_frame", `${i?.path.join(".") || "frame"}: ${i?.message ?? "invalid"}`, {
        id: idOf(json),
      });
    }
    const f = r.data;
    if (f.type === "ping") return this.send({ type: "pong", ...(f.t !== undefined ? { t: f.t } : {}) });
    if (f.type === "auth") return this.error("invalid_frame", "already authenticated");
    if (f.type === "subscribe") return this.subscribe(f);
    return this.unsubscribe(f.id);
  }

  private authenticate(json: unknown): void {
    const r = authFrameSchema.safeParse(json);
    if (!r.success)
      return this.fail(
        "auth_required",
        'the first frame must be {"type":"auth","key":"<key>"}',
        CLOSE_CODES.authFailed,
      );
    const { registry, config } = this.d;
    if (!this.d.isValidKey(r.data.key)) return this.fail("auth_failed", "invalid key", CLOSE_CODES.authFailed);
    if (!registry.openConnection(r.data.key)) {
      this.d.usage?.refused(r.data.key, "limit_connections");
      return this.fail(
        "limit_connections",
        `at most ${config.limits.connections} connections per key`,
        CLOSE_CODES.limitConnections,
        {
          limit: config.limits.connections,
        },
      );
    }
    this.d.usage?.streamState(r.data.key, { connections: registry.connections(r.data.key) });
    this.d.wall.clearTimeout(this.authTimer);
    this.key = r.data.key;
    this.state = "open";
    this.subs = new SubscriptionSet(this.key, this, {
      feed: this.d.feed,
      hub: this.d.hub,
      registry,
      limits: config.limits,
    });
    this.send({ type: "authed", limits: { ...config.limits } });
    this.chargeMinute();
  }

  private chargeMinute(): void {
    if (this.state !== "open" || !this.key) return;
    try {
      this.d.ledger.charge(this.key, 1, "stream");
    } catch {
      // a failing ledger must not take the stream down; the next minute charges again
    }
    this.creditTimer = this.d.wall.setTimeout(() => this.chargeMinute(), this.d.config.creditIntervalMs);
  }

  private subscribe(f: SubscribeFrame): void {
    const r = (this.subs as SubscriptionSet).add(f);
    if (!r.ok) {
      if (r.code.startsWith("limit_") && this.key) this.d.usage?.refused(this.key, r.code);
      return this.error(r.code, r.message, { id: f.id, ...(r.limit !== undefined ? { limit: r.limit } : {}) });
    }
    this.send(r.ack);
    r.join();
    if (this.key)
      this.d.usage?.streamState(this.key, {
        subscriptions: this.subscriptions,
        tracked: this.d.registry.tracked(this.key),
      });
  }

  private unsubscribe(id: string): void {
    if (!this.subs?.remove(id)) return this.error("unknown_id", `no subscription "${id}"`, { id });
    this.send({ type: "unsubscribed", id });
  }

  private cleanup(): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.subs?.clear();
    if (this.key !== null) this.d.registry.closeConnection(this.key);
    const t = this.d.wall;
    t.clearTimeout(this.authTimer);
    t.clearTimeout(this.creditTimer);
    t.clearTimeout(this.beatTimer);
    this.outbox.dispose();
    this.d.onClose(this);
    this.markClosed();
  }
}
