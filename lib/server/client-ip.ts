import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

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

/** server.ts: call on every request before Next sees it. Overwrites whatever the client sent in that header. */
export function stampClientIp(req: IncomingMessage, trustedHops: number): void {
  req.headers[CLIENT_IP_HEADER] = `${token()} ${requestClientIp(req, trustedHops)}`;
}

/**
 * The client's IP for rate limiting. Prefers the stamp from server.ts; without it (plain `next start`, tests) falls
 * back to X-Forwarded-For, which Next fills with the socket address when the client sent none.
 */
export function clientIpOf(headers: { get(name: string): string | null }, trustedHops: number): string {
  const stamped = headers.get(CLIENT_IP_HEADER);
  if (stamped) {
    const [t, ip] = stamped.split(" ");
    if (t === token() && ip) return ip;
  }
  // Without the stamp the rightmost entry is the closest address anyone vouches for.
  return forwardedClient(headers.get("x-forwarded-for"), Math.max(1, trustedHops)) ?? "unknown";
}
