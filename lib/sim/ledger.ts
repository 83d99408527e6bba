import type { CreditLedger } from "./feed";

// §8 credits per key, shared by REST and the stream; also per endpoint for the control endpoint.

export class SimLedger implements CreditLedger {
  private readonly totals = new Map<string, number>();
  private readonly byEndpoint = new Map<string, Map<string, number>>();

  charge(key: string, credits: number, endpoint: string): void {
    if (!(credits > 0)) return;
    this.totals.set(key, (this.totals.get(key) ?? 0) + credits);
    let m = this.byEndpoint.get(key);
    if (!m) {
      m = new Map();
      this.byEndpoint.set(key, m);
    }
    m.set(endpoint, (m.get(endpoint) ?? 0) + credits);
  }

  spent(key: string): number {
    return this.totals.get(key) ?? 0;
  }

  breakdown(key: string): Record<string, number> {
    return Object.fromEntries(this.byEndpoint.get(key) ?? []);
  }
}
