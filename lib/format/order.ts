/**
 * Text order for names and paths in tables: case-insensitive, ties by the exact text, so the order is the same on
 * every machine (no locale data) and costs no collator: a page's first `localeCompare` builds ICU's (~15 ms on a
 * desktop, four times that on a phone), and server and browser could disagree on it.
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}
