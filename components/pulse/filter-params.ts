// A column's client-side filter and its URL form (`new.minMcap=5000`, `new.maxAge=30m`, `bonding.pads=a,b`).

export interface ColumnFilter {
  minMcap: number | null;
  maxMcap: number | null;
  minLiq: number | null;
  maxLiq: number | null;
  minVol: number | null;
  maxVol: number | null;
  /** Token age bounds in seconds. */
  minAge: number | null;
  maxAge: number | null;
  /** Bonding percent bounds (0–100). */
  minProgress: number | null;
  maxProgress: number | null;
  /** Only tokens with at least one safe social or website link. */
  socials: boolean;
  dexPaid: boolean;
  /** Launchpad slugs (from /v1/meta/factories); empty = any. */
  pads: string[];
}

export const EMPTY_FILTER: ColumnFilter = Object.freeze({
  minMcap: null,
  maxMcap: null,
  minLiq: null,
  maxLiq: null,
  minVol: null,
  maxVol: null,
  minAge: null,
  maxAge: null,
  minProgress: null,
  maxProgress: null,
  socials: false,
  dexPaid: false,
  pads: [] as string[],
}) as ColumnFilter;

export const AMOUNT_KEYS = ["minMcap", "maxMcap", "minLiq", "maxLiq", "minVol", "maxVol"] as const;
export const AGE_KEYS = ["minAge", "maxAge"] as const;
export const PROGRESS_KEYS = ["minProgress", "maxProgress"] as const;
const MAX_AMOUNT = 1e15;
const MAX_AGE_SEC = 365 * 86_400;
const MAX_PADS = 24;
const PAD_RE = /^[a-z0-9][a-z0-9-]{0,47}$/;

const SUFFIX: Record<string, number> = { "": 1, k: 1e3, m: 1e6, b: 1e9 };

/** "5000", "5k", "1.5M", "$2b" → dollars; anything else (negative, garbage, huge) → null. */
export function parseAmount(raw: string | undefined | null): number | null {
  if (raw == null) return null;
  const m = /^\$?(\d{1,16}(?:\.\d{1,6})?)([kmb]?)$/i.exec(raw.trim().replaceAll(",", ""));
  if (!m) return null;
  // Rounded to micro-dollars so "1.1k" is 1100, not 1100.0000000000002 (and survives a URL round trip).
  const n = Math.round(Number(m[1]) * (SUFFIX[(m[2] ?? "").toLowerCase()] ?? 1) * 1e6) / 1e6;
  return Number.isFinite(n) && n <= MAX_AMOUNT ? n : null;
}

const UNIT_SEC: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "45s", "30m", "2h", "1d"; a bare number is minutes. Returns seconds, or null when unreadable. */
export function parseDuration(raw: string | undefined | null): number | null {
  if (raw == null) return null;
  const m = /^(\d{1,8})([smhd]?)$/i.exec(raw.trim());
  if (!m) return null;
  const sec = Number(m[1]) * (UNIT_SEC[(m[2] || "m").toLowerCase()] ?? 60);
  return sec <= MAX_AGE_SEC ? sec : null;
}

/** Seconds in the largest whole unit: 1800 → "30m", 7200 → "2h", 90 → "90s". */
export function formatDurationParam(sec: number): string {
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3600],
    ["m", 60],
  ] as const) {
    if (sec >= size && sec % size === 0) return `${sec / size}${unit}`;
  }
  return `${sec}s`;
}

export function parseProgress(raw: string | undefined | null): number | null {
  if (raw == null || !/^\d{1,3}(\.\d{1,2})?$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 0 && n <= 100 ? n : null;
}

export function parsePads(raw: string | undefined | null): string[] {
  if (!raw) return [];
  const out: string[] = [];
  for (const p of raw.split(",")) {
    const s = p.trim().toLowerCase();
    if (PAD_RE.test(s) && !out.includes(s)) out.push(s);
    if (out.length === MAX_PADS) break;
  }
  return out.sort();
}

const flag = (raw: string | undefined) => raw === "1" || raw === "true";

/** Reads a filter through a getter of its un-prefixed names; a min above its max drops both bounds' order by swapping. */
export function parseFilter(get: (name: string) => string | undefined): ColumnFilter {
  const f: ColumnFilter = {
    ...EMPTY_FILTER,
    pads: parsePads(get("pads")),
    socials: flag(get("socials")),
    dexPaid: flag(get("dexPaid")),
  };
  for (const k of AMOUNT_KEYS) f[k] = parseAmount(get(k));
  for (const k of AGE_KEYS) f[k] = parseDuration(get(k));
  for (const k of PROGRESS_KEYS) f[k] = parseProgress(get(k));
  return normalizeFilter(f);
}

/** Swaps inverted ranges so a typed "min 50k, max 5k" still means something rather than matching nothing. */
export function normalizeFilter(f: ColumnFilter): ColumnFilter {
  const out = { ...f };
  const pairs = [
    ["minMcap", "maxMcap"],
    ["minLiq", "maxLiq"],
    ["minVol", "maxVol"],
    ["minAge", "maxAge"],
    ["minProgress", "maxProgress"],
  ] as const;
  for (const [lo, hi] of pairs) {
    const a = out[lo];
    const b = out[hi];
    if (a !== null && b !== null && a > b) {
      out[lo] = b;
      out[hi] = a;
    }
  }
  return out;
}

/** URL pairs for the non-empty fields, in a fixed order. */
export function writeFilter(f: ColumnFilter): [string, string][] {
  const out: [string, string][] = [];
  for (const k of AMOUNT_KEYS) if (f[k] !== null) out.push([k, String(f[k])]);
  for (const k of AGE_KEYS) if (f[k] !== null) out.push([k, formatDurationParam(f[k] as number)]);
  for (const k of PROGRESS_KEYS) if (f[k] !== null) out.push([k, String(f[k])]);
  if (f.socials) out.push(["socials", "1"]);
  if (f.dexPaid) out.push(["dexPaid", "1"]);
  if (f.pads.length > 0) out.push(["pads", f.pads.join(",")]);
  return out;
}

/** How many separate conditions are set (the badge on the filter button). */
export function activeFilterCount(f: ColumnFilter): number {
  let n = 0;
  for (const k of [...AMOUNT_KEYS, ...AGE_KEYS, ...PROGRESS_KEYS]) if (f[k] !== null) n++;
  if (f.socials) n++;
  if (f.dexPaid) n++;
  if (f.pads.length > 0) n++;
  return n;
}
