import { canonicalAddress } from "./address";
import { type ChainId, parseChainId } from "./chains";

// Query-parameter parsers: raw string in, typed value or an error message out.
export interface Param<T, P extends boolean = boolean> {
  required: boolean;
  /** Type-level: true when the parsed value is always present (required or defaulted). */
  readonly present?: P;
  default?: T;
  doc: string;
  parse(raw: string): { ok: true; value: T } | { ok: false; message: string };
  /** Canonical string form (cache keys, upstream forwarding). */
  format(value: T): string;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

function param<T>(doc: string, parse: (raw: string) => Parsed<T>, format: (v: T) => string = String) {
  const make = <P extends boolean>(required: boolean, def?: T): Param<T, P> => ({ required, default: def, doc, parse, format });
  return {
    required: () => make<true>(true),
    optional: () => make<false>(false),
    withDefault: (d: T) => make<true>(false, d),
  };
}

export function intParam(min: number, max: number) {
  return param<number>(`integer ${min}-${max}`, (raw) => {
    if (!/^-?\d{1,16}$/.test(raw)) return fail(`must be an integer between ${min} and ${max}`);
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min || n > max) return fail(`must be an integer between ${min} and ${max}`);
    return ok(n);
  });
}

export function numberParam(min: number, max: number) {
  return param<number>(`number ${min}-${max}`, (raw) => {
    if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(raw)) return fail("must be a number");
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) return fail(`must be a number between ${min} and ${max}`);
    return ok(n);
  });
}

export function stringParam(minLen: number, maxLen: number) {
  return param<string>(`string of ${minLen}-${maxLen} characters`, (raw) => {
    const t = raw.trim();
    if (t.length < minLen || t.length > maxLen) return fail(`must be ${minLen}-${maxLen} characters`);
    if (/[\u0000-\u001f\u007f]/.test(t)) return fail("must not contain control characters");
    return ok(t);
  });
}

export function enumParam<const V extends string>(values: readonly V[]) {
  return param<V>(`one of ${values.join(", ")}`, (raw) =>
    (values as readonly string[]).includes(raw) ? ok(raw as V) : fail(`must be one of ${values.join(", ")}`),
  );
}

export function chainParam(opts: { allowSolanaAlias?: boolean } = {}) {
  return param<ChainId>(
    "chain id: evm:<id> or solana",
    (raw) => {
      const c = parseChainId(raw, opts);
      return c ? ok(c) : fail(`must be evm:<chain id> or solana${opts.allowSolanaAlias ? " (or solana:solana)" : ""}`);
    },
  );
}

export function addressParam() {
  return param<string>("EVM hex or Solana base58 address", (raw) => {
    const a = canonicalAddress(raw);
    return a ? ok(a) : fail("must be an EVM hex address or a Solana base58 address");
  });
}

export function csvParam<T>(item: Param<T, boolean>, min: number, max: number, what: string) {
  return param<T[]>(
    `comma-separated ${what}, ${min}-${max}`,
    (raw) => {
      const parts = raw.split(",").map((p) => p.trim());
      if (parts.some((p) => p === "")) return fail(`must be a comma-separated list of ${what} without empty items`);
      const out: T[] = [];
      const seen = new Set<string>();
      for (const p of parts) {
        const r = item.parse(p);
        if (!r.ok) return fail(`item "${p.slice(0, 64)}" ${r.message}`);
        const key = item.format(r.value);
        if (!seen.has(key)) {
          seen.add(key);
          out.push(r.value);
        }
      }
      if (out.length < min || out.length > max) return fail(`must list ${min}-${max} ${what}`);
      return ok(out);
    },
    (v) => v.map((x) => item.format(x)).join(","),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: heterogeneous parameter map
export type ParamSpec = Record<string, Param<any, boolean>>;
export type ParsedParams<S extends ParamSpec> = {
  [K in keyof S]: S[K] extends Param<infer T, infer P> ? (P extends true ? T : T | undefined) : never;
};
