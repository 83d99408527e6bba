import { type NextRequest, NextResponse } from "next/server";
import { buildCsp, makeNonce, PAGE_CACHE_CONTROL, SECURITY_HEADERS, UNTRUSTED_REQUEST_HEADERS } from "./lib/security/csp";

// Every page response gets a fresh script nonce and the security headers. Next reads the nonce from the request's
// Content-Security-Policy header and stamps it on its own scripts. Nothing here reads Host or client-sent headers.
export function proxy(request: NextRequest) {
  const nonce = makeNonce();
  const csp = buildCsp({ nonce, dev: process.env.NODE_ENV === "development" });

  const headers = new Headers(request.headers);
  for (const name of UNTRUSTED_REQUEST_HEADERS) headers.delete(name);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);

  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  // Pages hold nothing private (market data; watchlist and tracker live in the browser): revalidated on every load,
  // but not `no-store`, which would keep them out of the back/forward cache.
  if (!request.nextUrl.pathname.startsWith("/api/")) response.headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  return response;
}

// Static build assets are immutable files (next.config adds nosniff & co. to them); everything else, including
// prefetches and API answers, passes here: a client-sent prefetch header must not buy a page without a CSP.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
