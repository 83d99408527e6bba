// Light shape checks for answers of this site's own routes, which built them from schemas on the server: enough to
// refuse an answer that is not the one asked for (a proxy's error page, a truncated body), without zod in the bundle.

export type Guard<T> = (x: unknown) => x is T;

export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);
export const isNum = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
export const isStr = (x: unknown): x is string => typeof x === "string";

/** An object whose named fields are all numbers. */
export function hasNumbers(x: unknown, keys: readonly string[]): x is Record<string, number> {
  return isObject(x) && keys.every((k) => isNum(x[k]));
}

/** An object whose named fields are all arrays. */
export function hasArrays(x: unknown, keys: readonly string[]): x is Record<string, unknown[]> {
  return isObject(x) && keys.every((k) => Array.isArray(x[k]));
}
