// Shares of the key's stream budget and of the polling credits per client address. Pure.
//
// A resource's demand is split by the addresses of its viewers (`by`: address → weighted viewers). Whatever a resource
// costs (an upstream slot, its new tracked tokens or pools, its polling credits) is charged to those addresses in
// proportion to their viewers, so a token watched from a hundred addresses costs each a hundredth. One address holds
// at most its share of the streamed slots and tracked tokens; past it, its views are polled, never refused.

/** Viewers of one resource per client address; absent = one anonymous address. */
export type AddressViewers = Readonly<Record<string, number>>;

/** A connection counts as at most this many viewers however many subscriptions it holds (one browser's part). */
export const CONNECTION_VIEWS = 20;

/** Stands for every viewer of a demand that names no address (the fleet leader's old reports, tests). */
export const ANONYMOUS = "";

/** How much of the budget one address may hold: fractions of the general slots and of the tracked tokens or pools. */
export interface AddressCaps {
  slots: number;
  tracked: number;
}

/** Floating-point slack on fractional charges (a third charged three times is one). */
const EPS = 1e-9;

/**
 * One address's cap: `share` of the slots ordinary resources may use (the budget less the pulse reserve, which no
 * share ever adds to) and of the tracked tokens, at least one of each. `share >= 1`: no cap.
 */
export function addressCaps(generalSlots: number, trackedTokens: number, share: number): AddressCaps {
  if (!(share < 1)) return { slots: Number.POSITIVE_INFINITY, tracked: Number.POSITIVE_INFINITY };
  const s = Math.max(0, share);
  return { slots: Math.max(1, Math.floor(s * generalSlots)), tracked: Math.max(1, Math.floor(s * trackedTokens)) };
}

export function viewersOf(by: AddressViewers | undefined, viewers: number): [string, number][] {
  const out = by ? Object.entries(by).filter(([, v]) => v > 0) : [];
  return out.length > 0 ? out : viewers > 0 ? [[ANONYMOUS, viewers]] : [];
}

/** What each address has been charged so far in one scheduling pass. */
export class ShareLedger {
  private readonly slots = new Map<string, number>();
  private readonly tracked = new Map<string, number>();

  constructor(private readonly caps: AddressCaps) {}

  /**
   * The addresses that pay for a resource costing one slot and `freshTracked` new tracked keys, and each one's
   * fraction; empty when every address wanting it already holds its share. Addresses that would pass their cap drop
   * out and the rest pay their part (their viewers still see it streamed: it costs them nothing extra).
   */
  payers(by: readonly [string, number][], freshTracked: number): Map<string, number> {
    let payers = by.filter(([, v]) => v > 0);
    for (;;) {
      const total = payers.reduce((s, [, v]) => s + v, 0);
      if (total <= 0) return new Map();
      const next = payers.filter(([a, v]) => {
        const f = v / total;
        return (this.slots.get(a) ?? 0) + f <= this.caps.slots + EPS && (this.tracked.get(a) ?? 0) + f * freshTracked <= this.caps.tracked + EPS;
      });
      if (next.length === payers.length) return new Map(payers.map(([a, v]) => [a, v / total]));
      payers = next;
    }
  }

  charge(fractions: ReadonlyMap<string, number>, freshTracked: number): void {
    for (const [a, f] of fractions) {
      this.slots.set(a, (this.slots.get(a) ?? 0) + f);
      this.tracked.set(a, (this.tracked.get(a) ?? 0) + f * freshTracked);
    }
  }

  held(address: string): { slots: number; tracked: number } {
    return { slots: this.slots.get(address) ?? 0, tracked: this.tracked.get(address) ?? 0 };
  }
}

/**
 * Credits a minute each address may make the pollers spend: the max-min fair level of the budget over the addresses'
 * demands (each address's credits at the fastest cadence), never below `share` of the budget. An address alone uses
 * what nobody else wants; when several want more than the budget, none gets more than the fair level or its share,
 * whichever is higher. Addresses whose demand is under the level get their demand.
 */
export function pollCreditCaps(demand: ReadonlyMap<string, number>, budget: number, share: number): Map<string, number> {
  const caps = new Map<string, number>();
  const b = Math.max(0, budget);
  if (!(share < 1)) {
    for (const a of demand.keys()) caps.set(a, b);
    return caps;
  }
  const sorted = [...demand].sort((x, y) => x[1] - y[1]);
  let left = b;
  let level = Number.POSITIVE_INFINITY;
  for (let i = 0; i < sorted.length; i++) {
    const [, d] = sorted[i] as [string, number];
    const fair = left / (sorted.length - i);
    if (d > fair) {
      level = fair;
      break;
    }
    left -= d;
  }
  const floor = Math.max(0, share) * b;
  for (const [a, d] of sorted) caps.set(a, Math.min(b, d <= level ? d : Math.max(level, floor)));
  return caps;
}
