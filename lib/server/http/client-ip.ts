import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { getLogger } from "../ops/logger";

// Loaded by server.ts outside Next, so no `import "server-only"` here.
// Route handlers see a standard Request without the socket, so server.ts stamps the socket's address on each request
// in a header signed with a per-process token (shared through globalThis): a client cannot forge it.

export const CLIENT_IP_HEADER = "x-explorer-client-ip";
const TOKEN = Symbol.for("trading-explorer.client-ip-token");

function token(): string {
  const holder = globalThis as { [TOKEN]?: string };
  holder[TOKEN] ??= randomBytes(16).toString("hex");
  return holder[TOKEN];
}

/**
 * The X-Forwarded-For entry `hops` places from the right: each trusted proxy appends the address it saw, so the
 * entries left of those are whatever the client sent and prove nothing. A shorter list yields its leftmost entry.
 */
export function forwardedClient(xff: string | null | undefined, hops: number): string | undefined {
  const entries = (xff ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0 || hops < 1) return undefined;
  return entries[Math.max(0, entries.length - hops)].slice(0, 64);
}

/** The client address of a request on this server. `trustedHops`: reverse proxies in front (0 = none). */
export function requestClientIp(req: IncomingMessage, trustedHops: number): string {
  const xff = req.headers["x-forwarded-for"];
  const forwarded = forwardedClient(Array.isArray(xff) ? xff.join(",") : xff, trustedHops);
  return forwarded ?? req.socket.remoteAddress ?? "unknown";
}

/** Headers a reverse proxy adds to say whom it forwards for. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** Whether a request names a client other than its socket peer (it came through a proxy, or says so). */
export function carriesForwarding(headers: IncomingHttpHeaders): boolean {
  return FORWARDING_HEADERS.some((name) => headers[name] !== undefined);
}

const WARNED = Symbol.for("trading-explorer.untrusted-forwarding-warned");

/**
 * Once per process, the first time a request arrives through a proxy the server was not told to trust: every visitor
 * then shares the proxy's address, and operator figures refuse them all.
 */
export function warnUntrustedForwarding(warn: (msg: string) => void = (m) => getLogger().warn(m)): void {
  const holder = globalThis as { [WARNED]?: boolean };
  if (holder[WARNED]) return;
  holder[WARNED] = true;
  warn(
    "requests arrive with X-Forwarded-For, Forwarded or X-Real-IP but TRUST_PROXY is unset: every visitor counts as the proxy's one address and /api/metrics and /api/usage refuse them (set TRUST_PROXY to the number of proxies in front)",
  );
}

/**
 * server.ts: call on every request before Next sees it. Overwrites whatever the client sent in that header. A request
 * that names a client (X-Forwarded-For, Forwarded, X-Real-IP) while no proxy is trusted is stamped `forwarded`: its
 * socket may be a same-host proxy's, so it does not count as a loopback caller.
 */
export function stampClientIp(req: IncomingMessage, trustedHops: number): void {
  const untrusted = trustedHops < 1 && carriesForwarding(req.headers);
  if (untrusted) warnUntrustedForwarding();
  req.headers[CLIENT_IP_HEADER] = `${token()} ${requestClientIp(req, trustedHops)}${untrusted ? " forwarded" : ""}`;
}

/**
 * The client's IP for rate limiting. Prefers the stamp from server.ts; without it (plain `next start`, tests) falls
 * back to X-Forwarded-For, which Next fills with the socket address when the client sent none.
 */
export function clientIpOf(headers: { get(name: string): string | null }, trustedHops: number): string {
  return clientOf(headers, trustedHops).ip;
}

/**
 * The client's IP, and whether the request came through a proxy this server does not trust (it named a client in
 * X-Forwarded-For, Forwarded or X-Real-IP with TRUST_PROXY unset). Such a request's address is its proxy's, not its
 * client's: it proves nothing about where the client is.
 */
export function clientOf(
  headers: { get(name: string): string | null },
  trustedHops: number,
): { ip: string; untrustedForwarding: boolean } {
  const stamped = headers.get(CLIENT_IP_HEADER);
  if (stamped) {
    const [t, ip, flag] = stamped.split(" ");
    if (t === token() && ip) return { ip, untrustedForwarding: flag === "forwarded" };
  }
  // Without the stamp (plain `next start`, tests) Next fills X-Forwarded-For with the socket address when the client
  // sent none, so only the other two headers, or a list of more than one entry, show that a proxy forwarded it.
  const xff = headers.get("x-forwarded-for");
  const untrustedForwarding =
    trustedHops < 1 &&
    (headers.get("forwarded") !== null || headers.get("x-real-ip") !== null || (xff ?? "").includes(","));
  // Without the stamp the rightmost entry is the closest address anyone vouches for.
  return { ip: forwardedClient(xff, Math.max(1, trustedHops)) ?? "unknown", untrustedForwarding };
}
