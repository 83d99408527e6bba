import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError, type EndpointId, findEndpoint, validateRequest } from "@/lib/api";
import type { SimCore } from "../core";
import type { FaultState } from "../faults";
import type { SimLedger } from "../ledger";
import type { SimUsage } from "../usage";
import { HANDLERS } from "./handlers";
import { envelopeText, readJsonBody, sendError, sendJsonText } from "./respond";
import { checkKnownChains } from "./sim-rules";

// The REST pipeline, in this order: route (404/405) → key (401) → body, parameters and chains (400) → faults → handler
// → credits. Nothing is charged unless the call succeeds.

export interface RestDeps {
  core: SimCore;
  ledger: SimLedger;
  usage?: SimUsage;
  faults: FaultState;
  isValidKey(key: string): boolean;
  random: () => number;
  /** Responses held open by the hang fault (closed on shutdown). */
  hung: Set<ServerResponse>;
}

export async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, d: RestDeps): Promise<void> {
  const { def, pathKnown } = findEndpoint(req.method ?? "GET", url.pathname);
  const sentKey = req.headers.authorization;
  if (sentKey && d.isValidKey(sentKey)) d.usage?.restReceived(sentKey, def ? `${def.method} ${def.path}` : "other");
  if (!def) {
    if (pathKnown) {
      const allow = ["GET", "POST"].filter((m) => findEndpoint(m, url.pathname).def).join(", ");
      throw Object.assign(
        new ApiError("method_not_allowed", `${req.method} is not allowed on ${url.pathname} (allowed: ${allow})`, {
          status: 405,
        }),
        { allow },
      );
    }
    throw new ApiError("not_found", `no endpoint ${url.pathname.slice(0, 128)}`, { status: 404 });
  }
  const key = req.headers.authorization;
  if (!key)
    throw new ApiError("unauthorized", "missing Authorization header (send the raw API key, no scheme)", {
      status: 401,
    });
  if (!d.isValidKey(key)) throw new ApiError("unauthorized", "invalid API key", { status: 401 });
  const body = def.method === "POST" ? await readJsonBody(req) : undefined;
  const v = validateRequest(def, url.searchParams, def.method === "POST" && body === undefined ? {} : body);
  if (!v.ok) throw v.error;
  checkKnownChains(v.input);

  const f = d.faults.get();
  if (f.restLatencyMs > 0) await new Promise((r) => setTimeout(r, f.restLatencyMs));
  if (f.restHangRate > 0 && d.random() < f.restHangRate) {
    d.hung.add(res);
    res.on("close", () => d.hung.delete(res));
    return;
  }
  if (f.restErrorRate > 0 && d.random() < f.restErrorRate)
    throw new ApiError("upstream_unavailable", "service temporarily unavailable (injected fault)", { status: 503 });
  if (f.restRateLimitRate > 0 && d.random() < f.restRateLimitRate)
    throw new ApiError("rate_limited", "rate limited (injected fault)", { status: 429, retryAfterSec: 1 });

  d.core.sync();
  const out = HANDLERS[def.id as EndpointId](v.input, d.core);
  const credits = def.credits(v.input);
  d.ledger.charge(key, credits, def.id);
  d.usage?.restCall(key, `${def.method} ${def.path}`, credits);
  sendJsonText(res, 200, envelopeText(out.data, { asOf: d.core.now(), ...out.meta }), {
    "x-credits-spent": String(credits),
    "x-credits-total": String(d.ledger.spent(key)),
  });
}

export function keyChecker(keys: readonly string[]): (key: string) => boolean {
  const bufs = keys.map((k) => Buffer.from(k));
  return (key: string) => {
    const b = Buffer.from(key);
    return bufs.some((k) => k.length === b.length && timingSafeEqual(k, b));
  };
}

export function restErrorHeaders(err: unknown): Record<string, string> {
  const allow = (err as { allow?: unknown }).allow;
  if (err instanceof ApiError && typeof allow === "string") return { allow };
  return {};
}

export { sendError };
