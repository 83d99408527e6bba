import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { ApiError } from "@/lib/api";
import { SimCore } from "./core";
import type { Clock } from "./engine/clock";
import type { MarketCaps } from "./engine/market";
import { Rng } from "./engine/rng";
import { FaultState } from "./faults";
import type { CreditLedger, FaultConfig, MarketFeed } from "./feed";
import { keyChecker } from "./http/rest";
import { createSimHttpServer } from "./http/server";
import type { IndexCaps } from "./index/state";
import { SimLedger } from "./ledger";
import { createMarketFeed } from "./market-feed";
import { loadStreamServer, routeUpgrade, type StreamServerLike } from "./stream-loader";
import { SimUsage } from "./usage";

export interface SimServiceOptions {
  host?: string;
  port?: number;
  seed?: number;
  key: string;
  /** Virtual-clock speed factor (1 = real time). */
  speed?: number;
  /** Market time at start (ms); defaults to the clock's now. */
  start?: number;
  /** Inject a clock (e.g. `createClock({ virtual: true })` in tests); `speed` and `start` then come from it. */
  clock?: Clock;
  /** Market time simulated before start so every view is populated (default 20 min). */
  warmupMs?: number;
  /** More accepted keys (the first, `key`, is the one reported). */
  extraKeys?: string[];
  marketCaps?: Partial<MarketCaps>;
  indexCaps?: Partial<IndexCaps>;
  /** Called with unexpected handler errors (500s). */
  onError?: (err: unknown) => void;
}

export interface SimService {
  /** REST base; endpoints are `${baseUrl}/v1/...`. */
  baseUrl: string;
  /** Stream base; the endpoint is `${streamUrl}/v1/stream`. */
  streamUrl: string;
  key: string;
  close(): Promise<void>;
  /** The seam the stream server consumes. */
  feed: MarketFeed;
  ledger: CreditLedger;
  faults(): FaultConfig;
  setFaults(patch: Partial<FaultConfig>): FaultConfig;
  isValidKey(key: string): boolean;
  /** Market, index and clock (tests, benchmarks, scenarios). */
  core: SimCore;
  /** Whether `/v1/stream` is served (false when the stream server module is absent). */
  streaming: boolean;
}

const TICK_MS = 50;

export async function startSimService(opts: SimServiceOptions): Promise<SimService> {
  const host = opts.host ?? "127.0.0.1";
  const seed = opts.seed ?? 42;
  const ledger = new SimLedger();
  const usage = new SimUsage();
  const faults = new FaultState();
  const isValidKey = keyChecker([opts.key, ...(opts.extraKeys ?? [])]);
  const faultRng = new Rng(`faults:${seed}`);
  // The port is bound first: the market's icon and avatar URLs name it (`{baseUrl}/assets/...`).
  let built: SimCore | null = null;
  let streams: StreamServerLike | null = null;
  const http = createSimHttpServer({
    get streams() {
      return streams;
    },
    get core(): SimCore {
      if (!built) throw new ApiError("upstream_unavailable", "the market is warming up", { status: 503 });
      return built;
    },
    ledger,
    faults,
    isValidKey,
    random: () => faultRng.next(),
    onError: opts.onError,
    usage,
  });
  await new Promise<void>((resolve, reject) => {
    http.server.once("error", reject);
    http.server.listen(opts.port ?? 0, host, () => resolve());
  });
  const bound = http.server.address() as AddressInfo;
  const boundHost = host.includes(":") ? `[${host}]` : host;
  const core = new SimCore({
    seed,
    clock: opts.clock,
    speed: opts.speed,
    start: opts.start,
    warmupMs: opts.warmupMs,
    marketCaps: opts.marketCaps,
    indexCaps: opts.indexCaps,
    assetBase: `http://${boundHost}:${bound.port}/assets`,
  });
  built = core;
  const feed = createMarketFeed(core);
  const stream = await loadStreamServer({
    feed,
    isValidKey,
    ledger,
    faults: () => faults.get(),
    now: () => core.now(),
    clock: core.clock,
    usage,
  });

  streams = stream;
  http.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    routeUpgrade(stream, req, socket, head),
  );
  const timer = core.clock.virtual ? null : setInterval(() => core.sync(), TICK_MS);
  timer?.unref();

  const { port } = http.server.address() as AddressInfo;
  const hostPart = host.includes(":") ? `[${host}]` : host;
  let closed: Promise<void> | null = null;
  return {
    baseUrl: `http://${hostPart}:${port}`,
    streamUrl: `ws://${hostPart}:${port}`,
    key: opts.key,
    feed,
    ledger,
    faults: () => faults.get(),
    setFaults: (patch) => faults.patch(patch),
    isValidKey,
    core,
    streaming: stream !== null,
    close() {
      closed ??= (async () => {
        if (timer) clearInterval(timer);
        await stream?.close();
        http.releaseHung();
        http.server.closeAllConnections();
        await new Promise<void>((resolve) => http.server.close(() => resolve()));
      })();
      return closed;
    },
  };
}
