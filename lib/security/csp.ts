// Content-Security-Policy and the other security headers every HTML response carries (one place, pure, tested).

export interface CspOptions {
  nonce: string;
  /** Development only: React rebuilds server error stacks with eval. */
  dev?: boolean;
}

const NONCE_RE = /^[A-Za-z0-9+/]{16,64}={0,2}$/;

/** 18 random bytes as base64 (24 chars): unguessable, and safe inside a header and an attribute. */
export function makeNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function isValidNonce(nonce: string): boolean {
  return NONCE_RE.test(nonce);
}

/**
 * Scripts: only ours, by nonce ('strict-dynamic' lets Next's nonce'd loader pull in its chunks); no inline handlers.
 * Styles: 'unsafe-inline' because React `style` attributes (virtual list offsets, chart canvases, progress bars) cannot
 * carry a nonce; with no script execution, an injected style can at worst restyle, and all chain text renders as text.
 * A nonce in style-src would make browsers ignore 'unsafe-inline', so none is added there.
 * connect-src 'self' covers same-origin ws:/wss: (CSP3), so the browser talks to our origin only.
 */
export function buildCsp({ nonce, dev = false }: CspOptions): string {
  if (!isValidNonce(nonce)) throw new Error("invalid CSP nonce");
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    // Token icons come through /api/image: no visitor's browser contacts an icon host.
    ["img-src", "'self'"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["media-src", "'none'"],
    ["worker-src", "'self'"],
    ["manifest-src", "'self'"],
    ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Headers set on every response the proxy sees (values match next.config's static-asset headers). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
});

/** Cache-Control of every page and its RSC payload: always revalidated, never `no-store` (bfcache-eligible). */
export const PAGE_CACHE_CONTROL = "private, no-cache";

/**
 * The policy of JSON answers (/api/v1, answered by server.ts): no document, so nothing to nonce; nothing may load and
 * nothing may frame it. One constant string, so the proxy's fast lane serialises an answer's headers once.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Request headers a client may send to steer Next's internals or fake our own; the proxy drops them. */
export const UNTRUSTED_REQUEST_HEADERS = [
  "x-nonce",
  "content-security-policy",
  "x-middleware-subrequest",
  "x-middleware-prefetch",
  "x-middleware-invoke",
  "x-middleware-next",
  "x-middleware-rewrite",
  "x-middleware-redirect",
  "x-middleware-set-cookie",
  "x-middleware-override-headers",
  "x-invoke-path",
  "x-invoke-query",
  "x-invoke-status",
  "x-invoke-error",
  "x-invoke-output",
  "x-next-cache-tags",
  "x-prerender-revalidate",
  "x-now-route-matches",
  "x-matched-path",
] as const;
