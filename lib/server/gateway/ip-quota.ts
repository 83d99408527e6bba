import { isLoopbackIp } from "@/lib/api/address";

// Per client IP fairness: the key's stream budget (50 tracked tokens or pools) is shared by every viewer, so one
// address may hold only so many browser connections and so many distinct tracked tokens/pools across them.

export interface IpLimits {
  /** Browser connections per IP. */
  connections: number;
  /** Distinct tracked tokens or pools per IP, across its connections. */
  trackedTokens: number;
  /**
   * Loopback callers are not limited: only for the app's own tests and benchmarks on one machine. Off by default: behind
   * a reverse proxy on the same host every visitor would be loopback, and the first could take the whole budget.
   */
  exemptLoopback: boolean;
}

export const DEFAULT_IP_LIMITS: IpLimits = { connections: 20, trackedTokens: 20, exemptLoopback: false };

export interface IpQuota {
  /** Counts the keys a new subscription tracks; refuses when the IP would pass its limit. */
  track(keys: readonly string[]): { ok: true } | { ok: false; limit: number };
  untrack(keys: readonly string[]): void;
  /** The connection is gone. */
  release(): void;
}

interface IpState {
  connections: number;
  tracked: Map<string, number>;
}

const UNLIMITED: IpQuota = { track: () => ({ ok: true }), untrack: () => {}, release: () => {} };

export class IpQuotas {
  private readonly byIp = new Map<string, IpState>();

  constructor(private readonly limits: IpLimits) {}

  /** A quota for a new connection from `ip`, or null when the IP already holds its share of connections. */
  admit(ip: string): IpQuota | null {
    if (this.limits.exemptLoopback && isLoopbackIp(ip)) return UNLIMITED;
    const state = this.byIp.get(ip) ?? { connections: 0, tracked: new Map<string, number>() };
    if (state.connections >= this.limits.connections) return null;
    state.connections++;
    this.byIp.set(ip, state);
    return this.quota(ip, state);
  }

  /** IPs currently holding a connection (bounded by the gateway's connection cap). */
  get size(): number {
    return this.byIp.size;
  }

  private quota(ip: string, state: IpState): IpQuota {
    const { trackedTokens } = this.limits;
    let released = false;
    return {
      track: (keys) => {
        const fresh = keys.filter((k) => !state.tracked.has(k)).length;
        if (state.tracked.size + fresh > trackedTokens) return { ok: false, limit: trackedTokens };
        for (const k of keys) state.tracked.set(k, (state.tracked.get(k) ?? 0) + 1);
        return { ok: true };
      },
      untrack: (keys) => {
        for (const k of keys) {
          const n = (state.tracked.get(k) ?? 1) - 1;
          if (n <= 0) state.tracked.delete(k);
          else state.tracked.set(k, n);
        }
      },
      release: () => {
        if (released) return;
        released = true;
        state.connections--;
        if (state.connections === 0) this.byIp.delete(ip);
      },
    };
  }
}
