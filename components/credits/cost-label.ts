/** A route's §8 price: credits for one call of the given input (the registry's `credits`). */
export type CreditsOf = (input: { query: Record<string, unknown>; body: unknown }) => number;

/** What one call of a route costs, in the words of §8: "5", "1 per item", "1 per pool", "free". */
export function costLabel(def: { credits: CreditsOf; path: string }): string {
  const one = def.credits({ query: {}, body: { items: [0], pools: ["a"] } });
  const two = def.credits({ query: {}, body: { items: [0, 0], pools: ["a", "b"] } });
  if (one === two) return one === 0 ? "free" : String(one);
  return `${two - one} per ${def.path.endsWith("/sparklines") ? "pool" : "item"}`;
}
