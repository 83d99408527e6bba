// What each key uses (GET /__control/usage): open stream connections, subscriptions per connection, tracked tokens or
// pools now and at their peak, refusals at a limit, REST calls and credits per route since start, and every REST request
// received with the key (refused ones too: a proxy that validates first sends none of those). Tests and
// benchmarks read it to prove a client stays within the key's budget (§8).

export interface StreamNow {
  connections: number;
  subscriptionsPerConnection: number[];
  tracked: number;
}

interface KeyUsage {
  rest: Map<string, { calls: number; credits: number }>;
  /** Every REST request that named this key, answered or refused (bad parameters, faults): what a client sent. */
  received: Map<string, number>;
  peak: { connections: number; subscriptionsPerConnection: number; tracked: number };
  refused: Map<string, number>;
}

export class SimUsage {
  private readonly keys = new Map<string, KeyUsage>();
  private live: () => Map<string, StreamNow> = () => new Map();

  private of(key: string): KeyUsage {
    let u = this.keys.get(key);
    if (!u) {
      u = {
        rest: new Map(),
        received: new Map(),
        peak: { connections: 0, subscriptionsPerConnection: 0, tracked: 0 },
        refused: new Map(),
      };
      this.keys.set(key, u);
    }
    return u;
  }

  /** The stream server reports its current per-key state through this. */
  attachStream(read: () => Map<string, StreamNow>): void {
    this.live = read;
  }

  restCall(key: string, route: string, credits: number): void {
    const r = this.of(key).rest;
    const e = r.get(route) ?? { calls: 0, credits: 0 };
    e.calls++;
    e.credits += credits;
    r.set(route, e);
  }

  /** A request reached the REST handler with this key (`route` is `METHOD /path` of a registry endpoint, or "other"). */
  restReceived(key: string, route: string): void {
    const r = this.of(key).received;
    r.set(route, (r.get(route) ?? 0) + 1);
  }

  streamState(key: string, s: { connections?: number; subscriptions?: number; tracked?: number }): void {
    const p = this.of(key).peak;
    if (s.connections !== undefined) p.connections = Math.max(p.connections, s.connections);
    if (s.subscriptions !== undefined)
      p.subscriptionsPerConnection = Math.max(p.subscriptionsPerConnection, s.subscriptions);
    if (s.tracked !== undefined) p.tracked = Math.max(p.tracked, s.tracked);
  }

  refused(key: string, code: string): void {
    const r = this.of(key).refused;
    r.set(code, (r.get(code) ?? 0) + 1);
  }

  report(): Record<string, unknown> {
    const live = this.live();
    const out: Record<string, unknown> = {};
    for (const key of new Set([...this.keys.keys(), ...live.keys()])) {
      const u = this.of(key);
      const now = live.get(key) ?? { connections: 0, subscriptionsPerConnection: [], tracked: 0 };
      const rest = Object.fromEntries([...u.rest].sort(([a], [b]) => (a < b ? -1 : 1)));
      out[redact(key)] = {
        stream: { now, peak: { ...u.peak }, refused: Object.fromEntries(u.refused) },
        rest,
        restCalls: [...u.rest.values()].reduce((s, e) => s + e.calls, 0),
        received: Object.fromEntries([...u.received].sort(([a], [b]) => (a < b ? -1 : 1))),
        receivedTotal: [...u.received.values()].reduce((s, n) => s + n, 0),
        restCredits: [...u.rest.values()].reduce((s, e) => s + e.credits, 0),
      };
    }
    return out;
  }
}

/** The report names a key by its first characters only (loopback-only, but keys stay out of bodies anyway). */
export function redact(key: string): string {
  return `${key.slice(0, 4)}…${key.length}`;
}
