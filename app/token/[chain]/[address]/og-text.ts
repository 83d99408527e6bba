import { safeText } from "@/lib/format";

// The share image's renderer fetches fonts and emoji from the network for scripts its bundled font lacks; this
// server has no such network, so the card keeps to what the font draws (ASCII and Latin) and drops the rest.
const DRAWABLE = /[^\x20-\x7E\u00A0-\u024F\u2013\u2014\u2026\u2212\u2080-\u2089]/gu;

export function ogText(raw: unknown, max: number, fallback: string): string {
  const cleaned = safeText(raw, { maxGraphemes: max }).text.replace(DRAWABLE, "").replace(/\s+/g, " ").trim();
  return cleaned || fallback;
}
