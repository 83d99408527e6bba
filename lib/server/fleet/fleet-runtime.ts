import type { RedisLink } from "./redis-link";

// The process's Redis link, set by server.ts when REDIS_URL is set. It lives on globalThis because route handlers
// and server components are separate bundles in the same process; they must join the fleet through the same link.

const LINK = Symbol.for("trading-explorer.fleet");

export interface FleetRuntime {
  link: RedisLink;
  expectedInstances: number;
  /** Whether this instance holds the upstream stream (the leader's lease); absent where no stream runs. */
  streamLeader?: () => boolean;
}

export function setFleetRuntime(runtime: FleetRuntime | undefined): void {
  (globalThis as { [LINK]?: FleetRuntime })[LINK] = runtime;
}

export function getFleetRuntime(): FleetRuntime | undefined {
  return (globalThis as { [LINK]?: FleetRuntime })[LINK];
}
