import { isLoopbackIp } from "@/lib/api/address";

// Client addresses of browser connections. An address is what the shares of the key's budget are counted by
// (liveness/shares.ts): past its share its views are polled, never refused. The one refusal here is an abuse
// ceiling on connections per address, far above what an office or a carrier's shared address holds.

export interface IpLimits {
  /** Browser connections per address: an abuse ceiling, not a share (default 2,000: a fifth of the gateway's 10,000). */
  connections: number;
  /**
   * Each loopback connection counts as its own address: only for the app's own tests and benchmarks on one machine.
   * Off by default: behind a reverse proxy on the same host without TRUST_PROXY every visitor would be loopback.
   */
  exemptLoopback: boolean;
}

export const DEFAULT_IP_LIMITS: IpLimits = { connections: 2_000, exemptLoopback: false };

export interface IpQuota {
  /** The address the connection's views are counted under. */
  readonly address: string;
  /** The connection is gone. */
  release(): void;
}

export class IpQuotas {
  private readonly connections = new Map<string, number>();
  private loopbackSeq = 0;

  constructor(private readonly limits: IpLimits) {}

  /** A quota for a new connection from `ip`, or null when the address is at the abuse ceiling. */
  admit(ip: string): IpQuota | null {
    if (this.limits.exemptLoopback && isLoopbackIp(ip)) return { address: `${ip}#${++this.loopbackSeq}`, release: () => {} };
    const n = this.connections.get(ip) ?? 0;
    if (n >= this.limits.connections) return null;
    this.connections.set(ip, n + 1);
    let released = false;
    return {
      address: ip,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.connections.get(ip) ?? 1) - 1;
        if (left <= 0) this.connections.delete(ip);
        else this.connections.set(ip, left);
      },
    };
  }

  /** Addresses currently holding a connection (bounded by the gateway's connection cap). */
  get size(): number {
    return this.connections.size;
  }
}
