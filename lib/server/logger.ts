import { pino } from "pino";
import type { LogLevel } from "./config";

// Loaded by server.ts outside Next, so no `import "server-only"` here.

/** JSON lines on stdout; any field that could carry the upstream key is redacted. */
export function createLogger(level: LogLevel) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["key", "*.key", "authorization", "*.authorization", "*.headers.authorization"],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
