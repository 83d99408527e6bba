import { PRECONFIRM_TTL_MS, type TokenTrade, type TradeKey, tradeKey } from "@/lib/api/core";

// The tape as a pure value: unique by txHash+block+logIndex, newest first, bounded. A preconfirmed row is shown
// flagged until its confirmed version replaces it, a revert removes it, or it outlives PRECONFIRM_TTL_MS (§3).

export const TAPE_CAP = 1_000;
export const REVERTED_CAP = 512;
export const CONFIRMED_TX_CAP = 4_096;

export interface TapeState {
  /** Newest first, unique by tradeKey, at most `cap` rows. Complete (no holes) from its oldest row to now. */
  readonly rows: readonly TokenTrade[];
  /** Keys of reverted preconfirmed rows (bounded, oldest forgotten first) so stale REST copies stay hidden. */
  readonly reverted: readonly string[];
  /** Recently confirmed transactions (bounded): a late preconfirmed copy of one never reappears, even once evicted. */
  readonly confirmedTx: readonly string[];
  readonly cap: number;
  /**
   * The newest row the bound ever cut (absent until it cuts one). The ring holds every trade newer than it, and no row
   * at or below it is taken in again: once a confirmation replaced a preconfirmed row it kept, the ring would have room
   * for a row below the cut and show it under a hole where the cut rows were.
   */
  readonly floor?: TokenTrade;
}

export function emptyTape(cap = TAPE_CAP): TapeState {
  return { rows: [], reverted: [], confirmedTx: [], cap };
}

/** Newest first: `at` desc, then block desc, logIndex desc; txHash makes the order total. */
export function compareTrades(a: TokenTrade, b: TokenTrade): number {
  return (
    b.at - a.at ||
    b.block - a.block ||
    b.logIndex - a.logIndex ||
    (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0)
  );
}

/** Which of two versions of one trade to keep: the confirmed one wins; otherwise the newer information. */
function pick(existing: TokenTrade | undefined, incoming: TokenTrade): TokenTrade {
  if (!existing) return incoming;
  if (!existing.preconfirmed && incoming.preconfirmed) return existing;
  return incoming;
}

/** Unique, ordered, without preconfirmed rows superseded by a confirmed row of the same transaction or reverted. */
export function normalizeRows(
  rows: Iterable<TokenTrade>,
  reverted: ReadonlySet<string> = new Set(),
  confirmed: Iterable<string> = [],
): TokenTrade[] {
  const byKey = new Map<string, TokenTrade>();
  const confirmedTx = new Set<string>(confirmed);
  for (const r of rows) {
    const k = tradeKey(r);
    if (r.preconfirmed && reverted.has(k)) continue;
    const kept = pick(byKey.get(k), r);
    byKey.set(k, kept);
    if (!kept.preconfirmed) confirmedTx.add(kept.txHash);
  }
  const out: TokenTrade[] = [];
  for (const r of byKey.values()) if (!(r.preconfirmed && confirmedTx.has(r.txHash))) out.push(r);
  return out.sort(compareTrades);
}

function isNewestFirstAppend(state: TapeState, incoming: readonly TokenTrade[]): boolean {
  const head = state.rows[0];
  if (!head) return false;
  for (const r of incoming) if (r.preconfirmed || compareTrades(r, head) >= 0) return false;
  return true;
}

/**
 * Merges rows (live events or REST pages, in any order, with duplicates); keeps the newest `cap`, and none at or
 * below the floor (a confirmation there still retires its preconfirmed copy above it).
 */
export function mergeTrades(state: TapeState, incoming: readonly TokenTrade[]): TapeState {
  if (incoming.length === 0) return state;
  const confirmedTx = rememberConfirmed(state.confirmedTx, incoming);
  let rows: TokenTrade[];
  if (isNewestFirstAppend(state, incoming)) {
    // Fast path (the common live case): confirmed rows all newer than the head (so above the floor).
    const fresh = normalizeRows(incoming);
    const tx = new Set(fresh.map((r) => r.txHash));
    rows = fresh.concat(state.rows.filter((r) => !(r.preconfirmed && tx.has(r.txHash))));
  } else {
    const cut = state.floor;
    const above = cut ? incoming.filter((r) => compareTrades(r, cut) < 0) : incoming;
    rows = normalizeRows([...state.rows, ...above], new Set(state.reverted), confirmedTx);
  }
  const floor = rows.length > state.cap ? rows[state.cap] : state.floor;
  if (rows.length > state.cap) rows.length = state.cap;
  return { ...state, rows, confirmedTx, floor };
}

/** Appends the confirmed transactions of `incoming` (duplicates allowed: a Set is built only where it is read). */
function rememberConfirmed(known: readonly string[], incoming: readonly TokenTrade[]): readonly string[] {
  const added: string[] = [];
  for (const r of incoming) if (!r.preconfirmed) added.push(r.txHash);
  if (added.length === 0) return known;
  const next = known.concat(added);
  return next.length > CONFIRMED_TX_CAP ? next.slice(next.length - CONFIRMED_TX_CAP) : next;
}

/**
 * Where a resubscribe asks the gateway to replay from (`sinceAt`): the newest row, or the oldest row still waiting
 * for its confirmation if that is older. The gateway replaces a preconfirmed row in place when it is confirmed, so a
 * confirmation made while the browser was away is replayed only if the replay reaches back to that row's time; from
 * the newest row alone it was lost, and the trade, left unconfirmed, expired from the tape.
 */
export function replayFrom(rows: readonly TokenTrade[]): number | undefined {
  let from = rows[0]?.at;
  for (const r of rows) if (r.preconfirmed && from !== undefined && r.at < from) from = r.at;
  return from;
}

/** A revert signal: drop those preconfirmed rows now and remember the keys (bounded). */
export function revertTrades(state: TapeState, keys: readonly TradeKey[]): TapeState {
  if (keys.length === 0) return state;
  const ks = new Set(keys.map(tradeKey));
  const rows = state.rows.filter((r) => !(r.preconfirmed && ks.has(tradeKey(r))));
  const reverted = [...state.reverted.filter((k) => !ks.has(k)), ...ks].slice(-REVERTED_CAP);
  return { ...state, rows, reverted };
}

export function isExpiredPreconfirmed(row: TokenTrade, serverNow: number): boolean {
  return row.preconfirmed && serverNow - row.at > PRECONFIRM_TTL_MS;
}

/** Removes preconfirmed rows not confirmed within PRECONFIRM_TTL_MS of their `at` (server clock). */
export function pruneTrades(state: TapeState, serverNow: number): TapeState {
  if (!state.rows.some((r) => isExpiredPreconfirmed(r, serverNow))) return state;
  return { ...state, rows: state.rows.filter((r) => !isExpiredPreconfirmed(r, serverNow)) };
}

/**
 * Cuts the ring at `bound` so an unrepaired gap never shows: keeps rows newer than `bound`, and `bound` itself when
 * `inclusive`.
 */
export function truncateTrades(state: TapeState, bound: TokenTrade, inclusive = true): TapeState {
  const rows = state.rows.filter((r) => {
    const c = compareTrades(r, bound);
    return c < 0 || (inclusive && c === 0);
  });
  return rows.length === state.rows.length ? state : { ...state, rows };
}

export function newestAt(state: TapeState | undefined): number | undefined {
  return state?.rows[0]?.at;
}

export interface TapeView {
  rows: TokenTrade[];
  /** True when REST data predates the ring's oldest row: the first REST page must be refetched to close a hole. */
  gap: boolean;
}

/**
 * The rows a tape shows: live ring (filtered) ∪ REST pages, unique, newest first, expired/reverted/superseded
 * preconfirmed rows hidden. `restAsOf` is the first REST page's meta.asOf.
 */
export function tapeView(
  ring: TapeState | undefined,
  restRows: readonly TokenTrade[],
  opts: { restAsOf?: number; serverNow: number; filter?: (r: TokenTrade) => boolean },
): TapeView {
  const live = ring ? (opts.filter ? ring.rows.filter(opts.filter) : ring.rows) : [];
  const rest = isOrdered(restRows) ? restRows : normalizeRows(restRows);
  const merged = mergeOrdered(rest, live);
  const rows = hideSuperseded(merged, new Set(ring?.reverted ?? []), opts.serverNow);
  const oldestLive = ring?.rows[ring.rows.length - 1];
  const gap = oldestLive !== undefined && opts.restAsOf !== undefined && oldestLive.at > opts.restAsOf;
  return { rows, gap };
}

function isOrdered(rows: readonly TokenTrade[]): boolean {
  for (let i = 1; i < rows.length; i++) if (compareTrades(rows[i - 1], rows[i]) >= 0) return false;
  return true;
}

/** Linear merge of two newest-first lists; one row per key (the same key sorts to the same place). */
function mergeOrdered(a: readonly TokenTrade[], b: readonly TokenTrade[]): TokenTrade[] {
  if (a.length === 0) return b.slice();
  if (b.length === 0) return a.slice();
  const out: TokenTrade[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compareTrades(a[i], b[j]);
    if (c < 0) out.push(a[i++]);
    else if (c > 0) out.push(b[j++]);
    else out.push(pick(a[i++], b[j++]));
  }
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/** Drops preconfirmed rows that are reverted, expired, or superseded by a confirmed row of their transaction. */
function hideSuperseded(rows: TokenTrade[], reverted: ReadonlySet<string>, serverNow: number): TokenTrade[] {
  const pending = new Set<string>();
  for (const r of rows) if (r.preconfirmed) pending.add(r.txHash);
  if (pending.size === 0) return rows;
  const confirmed = new Set<string>();
  for (const r of rows) if (!r.preconfirmed && pending.has(r.txHash)) confirmed.add(r.txHash);
  return rows.filter(
    (r) =>
      !r.preconfirmed || !(confirmed.has(r.txHash) || reverted.has(tradeKey(r)) || isExpiredPreconfirmed(r, serverNow)),
  );
}
