import { safeHttpsUrl } from "./safe-url";

export type SocialKind = "twitter" | "telegram";

const HANDLE_RE: Record<SocialKind, RegExp> = {
  twitter: /^@?([A-Za-z0-9_]{1,15})$/,
  telegram: /^@?([A-Za-z][A-Za-z0-9_]{4,31})$/,
};
const BASE: Record<SocialKind, string> = { twitter: "https://x.com/", telegram: "https://t.me/" };

/** Metadata often holds a bare handle ("@pepe") instead of a URL: build the profile URL, else apply safeHttpsUrl. */
export function socialUrl(kind: SocialKind, raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const m = HANDLE_RE[kind].exec(raw);
  if (m) return `${BASE[kind]}${m[1]}`;
  return safeHttpsUrl(raw);
}
