import { timingSafeEqual } from "node:crypto";
import { isLoopbackIp } from "@/lib/api/address";
import { ApiError } from "@/lib/api/errors";
import { clientOf } from "../http/client-ip";
import type { ProxySettings } from "../config";

// /api/metrics and /api/usage tell how the key is spent, how the upstream is doing and where the proxy is slow: open to
// loopback callers (a local scraper, an operator on the box) and to anyone presenting METRICS_TOKEN as a bearer token;
// everyone else gets 403 `forbidden`. A request that names a client (X-Forwarded-For, Forwarded, X-Real-IP) is not a
// loopback caller unless TRUST_PROXY says its proxy is trusted: behind a same-host nginx every visitor's socket is
// loopback.

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function assertMetricsAccess(
  headers: { get(name: string): string | null },
  settings: Pick<ProxySettings, "trustProxy" | "metricsToken">,
): void {
  const auth = headers.get("authorization");
  if (settings.metricsToken && auth?.startsWith("Bearer ") && sameSecret(auth.slice(7).trim(), settings.metricsToken))
    return;
  const client = clientOf(headers, settings.trustProxy);
  if (!client.untrustedForwarding && isLoopbackIp(client.ip)) return;
  throw new ApiError(
    "forbidden",
    settings.metricsToken
      ? "operator figures need a valid bearer token from outside this host"
      : "operator figures are served to loopback callers only (set METRICS_TOKEN to allow others)",
  );
}
