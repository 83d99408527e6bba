import type { CreditLedger, FaultConfig, MarketFeed } from "../feed";
import type { SimUsage } from "../usage";
import type { Hub } from "./hub";
import type { KeyRegistry, StreamLimits } from "./key-registry";
import type { Clock } from "@/lib/api/clock";

// What a connection needs from its server: shared state, policy and the two clocks. `C` is the connection itself
// (connection.ts), given back on close: a parameter, so this file and connection.ts do not import each other.

export interface ConnectionConfig {
  limits: StreamLimits;
  authTimeoutMs: number;
  heartbeatMs: number;
  maxBufferedBytes: number;
  /** §8: one credit per started connection-minute. */
  creditIntervalMs: number;
  /** Client frames: burst size and sustained rate per second. */
  frameBurst: number;
  framesPerSecond: number;
}

export interface ConnectionDeps<C> {
  feed: MarketFeed;
  hub: Hub;
  registry: KeyRegistry;
  isValidKey(key: string): boolean;
  ledger: CreditLedger;
  /** Market-side scheduling: fault delays (and `openedAt` for streamDropAfterMs). */
  timers: Clock;
  /** Network-side scheduling, always wall time in production: auth deadline, heartbeat, credits, frame budget. */
  wall: Clock;
  faults: () => FaultConfig;
  random: () => number;
  config: ConnectionConfig;
  onSlowConsumer(): void;
  /** Per-key usage for GET /__control/usage (peaks and refusals). */
  usage?: SimUsage;
  onClose(conn: C): void;
}
