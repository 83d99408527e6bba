import type { SafeTextFlags } from "../safe-text";

export interface UrlCase {
  raw: string;
  /** Normalised URL the helper returns, or null when it must be refused. */
  expect: string | null;
  note: string;
}

export interface TextCase {
  raw: string;
  /** Expected display text, when the case pins it. */
  text?: string;
  /** Flags that must be set; every flag not listed must be clear. */
  flags: Partial<SafeTextFlags>;
  lookalike?: string;
  /** safeText's maxGraphemes for this case (default 32). */
  maxGraphemes?: number;
  note: string;
}

/** A global a successful injection would set; end-to-end tests assert it stays undefined. */
export const XSS_SENTINEL = "__tsXssFired";
