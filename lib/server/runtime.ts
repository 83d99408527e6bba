import { type Config, loadConfig } from "./config";

// The process's configuration, parsed from the environment once. server.ts builds it at start-up (and stops on a bad
// setting); Next's route handlers and server components are separate module copies in the same process, so the object
// lives on globalThis and they read the same one. Run without server.ts (`next start`), the first reader builds it.
// Loaded by server.ts outside Next, so no `import "server-only"` here.

const RUNTIME = Symbol.for("trading-explorer.runtime");

type RuntimeHolder = { [RUNTIME]?: Config };

/** The configuration every part of the server reads; built from the environment on first use. */
export function runtimeConfig(): Config {
  const holder = globalThis as RuntimeHolder;
  holder[RUNTIME] ??= loadConfig();
  return holder[RUNTIME];
}

/** Replaces the process's configuration (tests); undefined makes the next reader parse the environment again. */
export function setRuntimeConfig(config: Config | undefined): void {
  (globalThis as RuntimeHolder)[RUNTIME] = config;
}
