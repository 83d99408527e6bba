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

function firstForwarded(xff: string | null | undefined): string | undefined {
  const first = xff?.split(",")[0]?.trim();
  return first ? first.slice(0, 64) : undefined;
}

/** server.ts: call on every request before Next sees it. Overwrites whatever the client sent in that header. */
export function stampClientIp(req: IncomingMessage, trustProxy: boolean): void {
  const xff = req.headers["x-forwarded-for"];
  const forwarded = trustProxy ? firstForwarded(Array.isArray(xff) ? xff[0] : xff) : undefined;
  const ip = forwarded ?? req.socket.remoteAddress ?? "unknown";
  req.headers[CLIENT_IP_HEADER] = `${token()} ${ip}`;
}

/**
 * The client's IP for rate limiting. Prefers the stamp from server.ts; without it (plain `next start`, tests) falls
 * back to X-Forwarded-For, which Next fills with the socket address when the client sent none.
 */
export function clientIpOf(headers: { get(name: string): string | null }, trustProxy: boolean): string {
  const stamped = headers.get(CLIENT_IP_HEADER);
  if (stamped) {
    const [t, ip] = stamped.split(" ");
    if (t === token() && ip) return ip;
  }
  const xff = headers.get("x-forwarded-for");
  if (trustProxy) return firstForwarded(xff) ?? "unknown";
  const last = xff?.split(",").pop()?.trim();
  return last ? last.slice(0, 64) : "unknown";
}
