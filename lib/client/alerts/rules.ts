import { COHORT_IDS, type CohortId, type CohortReport, type TokenTrade, type WalletTrade } from "@/lib/api/core";
import { formatNumber } from "@/lib/format/number";

// Browser alerts, pure: the rules a trader sets, what the live data says, and when a rule fires. The runner feeds
// observations in; nothing here touches the network, the clock or storage.

export const MAX_RULES = 40;
export const MAX_FIRED = 50;
/** Trade keys a rule remembers so a row seen twice (REST page + stream) fires once. */
export const MAX_SEEN = 200;
/** Trade keys a fired alert stores, so a reload does not fire the same trades again. */
export const MAX_FIRED_KEYS = 20;

interface RuleBase {
  id: string;
  createdAt: number;
  label: string;
}
interface TokenRuleBase extends RuleBase {
  chain: string;
  address: string;
}
export type AlertRule =
  | (TokenRuleBase & { kind: "price" | "mcap"; op: "above" | "below"; value: number })
  | (TokenRuleBase & { kind: "graduates" | "dev-sells" })
  | (TokenRuleBase & { kind: "cohort-dump"; cohort: CohortId; pct: number })
  | (RuleBase & { kind: "wallet-buys"; chain: string; wallet: string })
  // Any wallet of the tracker's list buys (the tracker's feed feeds it; the list itself lives in lib/client/tracker).
  | (RuleBase & { kind: "followed-buys"; minUsd?: number });
export type TokenAlertRule = Exclude<AlertRule, { kind: "wallet-buys" | "followed-buys" }>;

/** A trade of a followed wallet, as the tracker's feed carries it (`key`: its identity, txHash + block + logIndex). */
export type FollowedTrade = WalletTrade & { wallet: string; walletName?: string; key: string };

export interface FiredAlert {
  id: string;
  ruleId: string;
  at: number;
  title: string;
  body: string;
  href: string;
  /** The trades it fired on (dev sells, wallet buys). */
  keys?: string[];
}

// Stored rules and alerts come back from localStorage, which anyone with the browser can edit: each is rebuilt
// field by field, with its bounds, or dropped.
type Raw = Record<string, unknown>;
const isRaw = (x: unknown): x is Raw => typeof x === "object" && x !== null && !Array.isArray(x);
const text = (x: unknown, min: number, max: number): x is string =>
  typeof x === "string" && x.length >= min && x.length <= max;
const int = (x: unknown): x is number => Number.isSafeInteger(x);
const positive = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x > 0;

function ruleOf(r: unknown): AlertRule | null {
  if (!isRaw(r) || !text(r.id, 1, 64) || !int(r.createdAt) || r.createdAt < 0 || !text(r.label, 0, 64)) return null;
  const base = { id: r.id, createdAt: r.createdAt, label: r.label };
  if (r.kind === "wallet-buys")
    return text(r.chain, 1, 32) && text(r.wallet, 1, 64)
      ? { ...base, kind: r.kind, chain: r.chain, wallet: r.wallet }
      : null;
  if (r.kind === "followed-buys") {
    if (r.minUsd === undefined) return { ...base, kind: r.kind };
    return typeof r.minUsd === "number" && Number.isFinite(r.minUsd) && r.minUsd >= 0
      ? { ...base, kind: r.kind, minUsd: r.minUsd }
      : null;
  }
  if (!text(r.chain, 1, 32) || !text(r.address, 1, 64)) return null;
  const token = { ...base, chain: r.chain, address: r.address };
  switch (r.kind) {
    case "price":
    case "mcap":
      return (r.op === "above" || r.op === "below") && positive(r.value)
        ? { ...token, kind: r.kind, op: r.op, value: r.value }
        : null;
    case "graduates":
    case "dev-sells":
      return { ...token, kind: r.kind };
    case "cohort-dump":
      return (COHORT_IDS as readonly unknown[]).includes(r.cohort) &&
        typeof r.pct === "number" &&
        r.pct >= 1 &&
        r.pct <= 100
        ? { ...token, kind: r.kind, cohort: r.cohort as CohortId, pct: r.pct }
        : null;
    default:
      return null;
  }
}

function firedOf(f: unknown): FiredAlert | null {
  if (!isRaw(f) || typeof f.id !== "string" || typeof f.ruleId !== "string" || !int(f.at)) return null;
  if (!text(f.title, 0, 120) || !text(f.body, 0, 240) || !text(f.href, 0, 200)) return null;
  const out: FiredAlert = { id: f.id, ruleId: f.ruleId, at: f.at, title: f.title, body: f.body, href: f.href };
  if (f.keys === undefined) return out;
  const keys = f.keys;
  if (!Array.isArray(keys) || keys.length > MAX_FIRED_KEYS || !keys.every((k) => text(k, 0, 200))) return null;
  return { ...out, keys: [...keys] };
}

export type Observation =
  | { type: "token"; priceUsd: number | null; marketCapUsd: number | null; migrated: boolean }
  | { type: "trades"; rows: readonly TokenTrade[]; deployer: string | null }
  | { type: "cohorts"; report: CohortReport }
  | { type: "wallet-trades"; rows: readonly WalletTrade[] }
  /** New trades of followed wallets (not their history), as the tracker's poller finds them. */
  | { type: "followed-trades"; rows: readonly FollowedTrade[] };

/** What a rule remembers between observations (in memory; its fired trades also come back from stored alerts). */
export interface RuleMemo {
  last?: number;
  migrated?: boolean;
  seen?: string[];
}

const tradeId = (t: { txHash: string; tokenAddress?: string; isBuy: boolean }) =>
  `${t.txHash}:${t.tokenAddress ?? ""}:${t.isBuy ? "b" : "s"}`;

function remember(memo: RuleMemo, keys: string[]): RuleMemo {
  const seen = [...(memo.seen ?? []), ...keys];
  return { ...memo, seen: seen.slice(-MAX_SEEN) };
}

export function tokenHref(chain: string, address: string): string {
  return `/token/${chain}/${address}`;
}

const fmt = (v: number) => (v >= 1 ? formatNumber(v) : v.toPrecision(4).replace(/0+$/, ""));

/** The observation a rule reads: a rule has taken its first reading once it has been fed one of these. */
export function observedBy(rule: AlertRule): Observation["type"] {
  switch (rule.kind) {
    case "price":
    case "mcap":
    case "graduates":
      return "token";
    case "dev-sells":
      return "trades";
    case "cohort-dump":
      return "cohorts";
    case "wallet-buys":
      return "wallet-trades";
    case "followed-buys":
      return "followed-trades";
  }
}

/** Feeds one observation to a rule: the alert it fires (if any) and what it remembers next. */
export function evaluate(
  rule: AlertRule,
  obs: Observation,
  memo: RuleMemo,
  now: number,
): { fired: Omit<FiredAlert, "id"> | null; memo: RuleMemo } {
  const none = (m: RuleMemo = memo) => ({ fired: null, memo: m });
  const fire = (title: string, body: string, href: string, m: RuleMemo, keys?: string[]) => ({
    fired: {
      ruleId: rule.id,
      at: now,
      title: title.slice(0, 120),
      body: body.slice(0, 240),
      href,
      ...(keys ? { keys: keys.slice(-MAX_FIRED_KEYS) } : {}),
    },
    memo: m,
  });
  switch (rule.kind) {
    case "price":
    case "mcap": {
      if (obs.type !== "token") return none();
      const v = rule.kind === "price" ? obs.priceUsd : obs.marketCapUsd;
      if (v === null || !Number.isFinite(v)) return none();
      const prev = memo.last;
      const next = { ...memo, last: v };
      // A cross, not a level: the first reading only sets where the value stands.
      const crossed =
        prev !== undefined &&
        (rule.op === "above" ? prev < rule.value && v >= rule.value : prev > rule.value && v <= rule.value);
      if (!crossed) return none(next);
      const what = rule.kind === "price" ? "price" : "market cap";
      return fire(
        `${rule.label} ${what} ${rule.op} $${fmt(rule.value)}`,
        `${what[0]?.toUpperCase()}${what.slice(1)} is now $${fmt(v)}`,
        tokenHref(rule.chain, rule.address),
        next,
      );
    }
    case "graduates": {
      if (obs.type !== "token") return none();
      const was = memo.migrated;
      const next = { ...memo, migrated: obs.migrated };
      if (was === false && obs.migrated)
        return fire(
          `${rule.label} graduated`,
          "Left its bonding curve for a DEX pool",
          tokenHref(rule.chain, rule.address),
          next,
        );
      return none(next);
    }
    case "dev-sells": {
      if (obs.type !== "trades" || !obs.deployer) return none();
      const seen = new Set(memo.seen ?? []);
      const sells = obs.rows.filter(
        (t) =>
          !t.isBuy && t.maker === obs.deployer && t.at >= rule.createdAt && !t.preconfirmed && !seen.has(tradeId(t)),
      );
      if (sells.length === 0) return none();
      const keys = sells.map(tradeId);
      const next = remember(memo, keys);
      const usd = sells.reduce((s, t) => s + t.volumeUsd, 0);
      return fire(
        `${rule.label}: the dev sold`,
        `Dev sold $${fmt(usd)} in ${sells.length} trade${sells.length > 1 ? "s" : ""}`,
        tokenHref(rule.chain, rule.address),
        next,
        keys,
      );
    }
    case "cohort-dump": {
      if (obs.type !== "cohorts") return none();
      const c = obs.report.cohorts.find((x) => x.id === rule.cohort);
      const sold = c && c.wallets.length > 0 ? (c.soldRecentPct ?? 0) : 0;
      const prev = memo.last ?? 0;
      const next = { ...memo, last: sold };
      // Fires on the way up through the threshold, once per dump.
      if (!(sold >= rule.pct && prev < rule.pct)) return none(next);
      const mins = Math.round(obs.report.rules.recentWindowMs / 60_000);
      return fire(
        `${rule.label}: ${rule.cohort} dumping`,
        `${rule.cohort} sold ${sold.toFixed(1)}% of their holding in the last ${mins} min`,
        tokenHref(rule.chain, rule.address),
        next,
      );
    }
    case "wallet-buys": {
      if (obs.type !== "wallet-trades") return none();
      const seen = new Set(memo.seen ?? []);
      const buys = obs.rows.filter((t) => t.isBuy && t.at >= rule.createdAt && !seen.has(tradeId(t)));
      if (buys.length === 0) return none();
      const keys = buys.map(tradeId);
      const next = remember(memo, keys);
      const newest = buys.reduce((a, b) => (b.at > a.at ? b : a));
      const sym = "tokenSymbol" in newest ? newest.tokenSymbol : newest.tokenAddress.slice(0, 8);
      return fire(
        `${rule.label} bought ${sym}`,
        `$${fmt(newest.volumeUsd)}${buys.length > 1 ? ` (+${buys.length - 1} more buys)` : ""}`,
        tokenHref(newest.chain, newest.tokenAddress),
        next,
        keys,
      );
    }
    case "followed-buys": {
      if (obs.type !== "followed-trades") return none();
      const seen = new Set(memo.seen ?? []);
      const min = rule.minUsd ?? 0;
      const buys = obs.rows.filter((t) => t.isBuy && t.at >= rule.createdAt && t.volumeUsd >= min && !seen.has(t.key));
      if (buys.length === 0) return none();
      const keys = buys.map((t) => t.key);
      const next = remember(memo, keys);
      const newest = buys.reduce((a, b) => (b.at > a.at ? b : a));
      const who = newest.walletName || `${newest.wallet.slice(0, 6)}…${newest.wallet.slice(-4)}`;
      const sym = "tokenSymbol" in newest ? newest.tokenSymbol : newest.tokenAddress.slice(0, 8);
      return fire(
        `${who} bought ${sym}`,
        `$${fmt(newest.volumeUsd)}${buys.length > 1 ? ` (+${buys.length - 1} more buys by followed wallets)` : ""}`,
        tokenHref(newest.chain, newest.tokenAddress),
        next,
        keys,
      );
    }
  }
}

/** Stored rules are user-editable: keep the valid ones, each id once, at most MAX_RULES. */
export function sanitiseRules(raw: unknown): AlertRule[] {
  if (!Array.isArray(raw)) return [];
  const out: AlertRule[] = [];
  const ids = new Set<string>();
  for (const r of raw) {
    const rule = ruleOf(r);
    if (rule && !ids.has(rule.id) && out.length < MAX_RULES) {
      ids.add(rule.id);
      out.push(rule);
    }
  }
  return out;
}

export function sanitiseFired(raw: unknown): FiredAlert[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .flatMap((f) => {
      const alert = firedOf(f);
      return alert?.href.startsWith("/") ? [alert] : [];
    })
    .slice(-MAX_FIRED);
}

/** A rule's memory on a new page: the trades its stored alerts already fired on count as seen. */
export function memoFromFired(ruleId: string, fired: readonly FiredAlert[]): RuleMemo {
  const seen = fired.filter((f) => f.ruleId === ruleId).flatMap((f) => f.keys ?? []);
  return seen.length > 0 ? { seen: seen.slice(-MAX_SEEN) } : {};
}
