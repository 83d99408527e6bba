import "server-only";
import { getUpstreamTarget } from "@/lib/server/upstream-target";

/** Which market this process talks to, read on the server (never the URL or key); null when none is running. */
export function upstreamKind(): "embedded" | "remote" | null {
  try {
    return getUpstreamTarget().kind;
  } catch {
    return null;
  }
}
