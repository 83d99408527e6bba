import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { STREAM_PATH } from "@/lib/api";
import type { Clock } from "./engine/clock";
import type { CreditLedger, FaultConfig, MarketFeed } from "./feed";
import type { SimUsage } from "./usage";

// The stream server lives in ./stream/server and is loaded at start-up; the REST service still starts without it.

export interface StreamServerLike {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends every open stream connection now: `abrupt` (the client sees 1006) or closed 1001. Returns how many. */
  dropAll?(mode: "abrupt" | "shutdown"): number;
  close(): Promise<void>;
}

export interface StreamDeps {
  feed: MarketFeed;
  isValidKey(key: string): boolean;
  ledger: CreditLedger;
  faults: () => FaultConfig;
  now: () => number;
  clock: Clock;
  usage?: SimUsage;
}

type Importer = (spec: string) => Promise<Record<string, unknown>>;
const defaultImport: Importer = (spec) => import(/* @vite-ignore */ spec);

/** Loads the stream server; a failure is logged (never silent) and leaves the service REST-only. */
export async function loadStreamServer(
  deps: StreamDeps,
  log: (message: string, err?: unknown) => void = (m, e) => console.error(m, e ?? ""),
  importer: Importer = defaultImport,
): Promise<StreamServerLike | null> {
  let mod: { createSimStreamServer?: (o: unknown) => StreamServerLike };
  let timersMod: { createClockTimers?: (c: Clock) => unknown } = {};
  try {
    mod = await importer("./stream/server");
  } catch (err) {
    log("sim: the stream server failed to load; /v1/stream is not served", err);
    return null;
  }
  if (deps.clock.virtual)
    timersMod = await importer("./stream/timers").catch((err: unknown) => {
      log("sim: stream timers failed to load; the stream schedules on wall time", err);
      return {};
    });
  if (typeof mod.createSimStreamServer !== "function") {
    log("sim: ./stream/server has no createSimStreamServer; /v1/stream is not served");
    return null;
  }
  const timers =
    deps.clock.virtual && timersMod.createClockTimers ? timersMod.createClockTimers(deps.clock) : undefined;
  return mod.createSimStreamServer({
    feed: deps.feed,
    isValidKey: deps.isValidKey,
    ledger: deps.ledger,
    faults: deps.faults,
    now: deps.now,
    usage: deps.usage,
    ...(timers ? { timers } : {}),
  });
}

/** docs/stream.md: an upgrade on another path gets a real HTTP 404 (503 while no stream server is loaded). */
export function routeUpgrade(
  stream: StreamServerLike | null,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  socket.on("error", () => socket.destroy());
  const path = new URL(req.url ?? "/", "http://sim.invalid").pathname;
  if (path === STREAM_PATH && stream) return stream.handleUpgrade(req, socket, head);
  refuseUpgrade(socket, path === STREAM_PATH ? "503 Service Unavailable" : "404 Not Found");
}

export function refuseUpgrade(socket: Duplex, status: string): void {
  if (socket.destroyed) return;
  socket.once("finish", () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
