import { type DestinationStream, pino } from "pino";
import type { LogLevel } from "../config";

// Loaded by server.ts outside Next, so no `import "server-only"` here.

const LOGGER = Symbol.for("trading-explorer.logger");

/** JSON lines on stdout (or `destination`); any field that could carry the upstream key is redacted. */
export function createLogger(level: LogLevel, destination?: DestinationStream) {
  const options = {
    level,
    base: undefined,
    redact: {
      paths: ["key", "*.key", "authorization", "*.authorization", "headers.authorization", "*.headers.authorization"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;

/** One logger per process for code that runs in Next's bundles as well as in server.ts. */
export function getLogger(level: LogLevel = "info"): Logger {
  const holder = globalThis as { [LOGGER]?: Logger };
  holder[LOGGER] ??= createLogger(level);
  return holder[LOGGER];
}
