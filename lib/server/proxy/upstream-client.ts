import { Agent, type Dispatcher } from "undici";
import { type EndpointDef, type EndpointInput, findEndpoint } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";
import { canonicalQuery } from "@/lib/api/validate";
import type { CircuitBreaker } from "./circuit-breaker";
import { checkEnvelope } from "./envelope-check";
import { mapStatus, outcomeOf, scrub, type UpstreamLogger, type UpstreamOutcome } from "../upstream/errors";
import { DEADLINE_CODE, DeadlineSignal } from "./upstream-deadline";
import type { UpstreamTarget } from "../upstream/target";

export { parseRetryAfter, type UpstreamLogger, type UpstreamOutcome } from "../upstream/errors";

// The one door to the market-data service: the only code that reads the target's URL and key. Requests are built
// from a registry EndpointDef plus validated input, never from a caller's path string.

export interface UpstreamReply {
  /** The upstream body verbatim (a valid envelope). */
  text: string;
  /** The same envelope, parsed (it was parsed for the envelope check anyway). */
  json: unknown;
  /** Credits the upstream says this call cost (`x-credits-spent`), when it says. */
  creditsSpent?: number;
  /** The upstream's running credit total for our key (`x-credits-total`), when it says. */
  creditsTotal?: number;
  ms: number;
}

export interface UpstreamClientOptions {
  target: () => UpstreamTarget;
  timeoutMs: number;
  breaker?: CircuitBreaker;
  maxResponseBytes?: number;
  logger?: UpstreamLogger;
  dispatcher?: Dispatcher;
  /** Called once per call that went upstream (metrics). */
  onResult?: (endpoint: string, outcome: UpstreamOutcome, ms: number) => void;
  /** Wall clock for the Retry-After hold (tests). */
  now?: () => number;
}

export interface UpstreamClient {
  send(def: EndpointDef, input: EndpointInput): Promise<UpstreamReply>;
  close(): Promise<void>;
}

const REGISTRY_PATH = /^\/v1(\/[a-z0-9-]+)+$/;
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", DEADLINE_CODE]);

function headerNumber(h: string | string[] | undefined): number | undefined {
  const v = Array.isArray(h) ? h[0] : h;
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export function createUpstreamClient(opts: UpstreamClientOptions): UpstreamClient {
  const dispatcher =
    opts.dispatcher ??
    new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
      connections: 128,
      connect: { timeout: opts.timeoutMs },
    });
  const maxBytes = opts.maxResponseBytes ?? 16 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  // After an upstream 429 every call waits out its Retry-After: the limit is on our key, shared by all callers.
  let heldUntil = 0;

  const holdGate = () => {
    const leftMs = heldUntil - now();
    if (leftMs > 0)
      throw new ApiError("upstream_rate_limited", "the market-data service is rate limiting this server; retry shortly", {
        retryAfterSec: Math.ceil(leftMs / 1000),
      });
  };
  let parsedBase: { raw: string; origin: string; prefix: string } | undefined;

  const base = (raw: string) => {
    if (parsedBase?.raw !== raw) {
      const u = new URL(raw);
      parsedBase = { raw, origin: u.origin, prefix: u.pathname.replace(/\/+$/, "") };
    }
    return parsedBase;
  };

  const fail = (def: EndpointDef, outcome: UpstreamOutcome, started: number, error: ApiError): never => {
    opts.onResult?.(def.id, outcome, performance.now() - started);
    throw error;
  };

  async function readBody(body: Dispatcher.ResponseData["body"], declared: number | undefined): Promise<string> {
    if (declared !== undefined && declared > maxBytes) {
      body.on("error", () => {});
      body.destroy();
      throw new ApiError("upstream_bad_response", "upstream response is too large");
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.on("error", () => {});
        body.destroy();
        throw new ApiError("upstream_bad_response", "upstream response is too large");
      }
      chunks.push(chunk as Buffer);
    }
    return chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8");
  }

  async function send(def: EndpointDef, input: EndpointInput): Promise<UpstreamReply> {
    // Defence in depth: only exact registry routes ever leave this process.
    if (!REGISTRY_PATH.test(def.path) || findEndpoint(def.method, def.path).def?.path !== def.path)
      throw new ApiError("not_found", "no such endpoint");
    const target = opts.target();
    const { origin, prefix } = base(target.baseUrl);
    const qs = canonicalQuery(def, input.query);
    const path = `${prefix}${def.path}${qs ? `?${qs}` : ""}`;
    const headers: Record<string, string> = { authorization: target.key, accept: "application/json" };
    let body: string | undefined;
    if (def.method === "POST") {
      headers["content-type"] = "application/json";
      body = JSON.stringify(input.body ?? {});
    }

    holdGate();
    const gate = opts.breaker?.acquire() ?? { ok: true as const };
    if (!gate.ok)
      throw new ApiError("upstream_unavailable", "the market-data service is unavailable; retry shortly", {
        retryAfterSec: Math.max(1, Math.ceil(gate.retryAfterMs / 1000)),
      });

    const started = performance.now();
    const deadline = new DeadlineSignal(opts.timeoutMs);
    let status: number;
    let text: string;
    let resHeaders: Record<string, string | string[] | undefined>;
    try {
      const res = await dispatcher.request({
        origin,
        path,
        method: def.method,
        headers,
        body,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
        signal: deadline,
      });
      status = res.statusCode;
      resHeaders = res.headers;
      text = await readBody(res.body, headerNumber(res.headers["content-length"]));
    } catch (error) {
      deadline.clear();
      opts.breaker?.failure();
      if (error instanceof ApiError) return fail(def, "bad_response", started, error);
      const code = (error as { code?: string }).code ?? "";
      if (TIMEOUT_CODES.has(code))
        return fail(
          def,
          "timeout",
          started,
          new ApiError("upstream_timeout", `the market-data service did not answer within ${opts.timeoutMs} ms`),
        );
      // Refused, reset, DNS, closed socket…: all mean "not reachable now".
      opts.logger?.warn({ endpoint: def.id, code: code || "unknown" }, "upstream connection failed");
      return fail(
        def,
        "unavailable",
        started,
        new ApiError("upstream_unavailable", "the market-data service is unreachable", { retryAfterSec: 1 }),
      );
    }

    deadline.clear();
    if (status >= 500) opts.breaker?.failure();
    else if (status === 429) opts.breaker?.release(); // up, but refusing us: neither healthy nor down
    else opts.breaker?.success();
    const ms = performance.now() - started;

    if (status === 200) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        opts.logger?.error({ endpoint: def.id, status }, "upstream answered with invalid JSON");
        return fail(
          def,
          "bad_response",
          started,
          new ApiError("upstream_bad_response", "the market-data service sent an unreadable response"),
        );
      }
      const problem = checkEnvelope(def, json, input);
      if (problem) {
        opts.logger?.error(
          { endpoint: def.id, problem: scrub(problem, target.key) },
          "upstream response does not match the registry schema",
        );
        return fail(
          def,
          "bad_response",
          started,
          new ApiError("upstream_bad_response", "the market-data service sent a response of an unexpected shape"),
        );
      }
      opts.onResult?.(def.id, "ok", ms);
      return {
        text,
        json,
        ms,
        creditsSpent: headerNumber(resHeaders["x-credits-spent"]),
        creditsTotal: headerNumber(resHeaders["x-credits-total"]),
      };
    }
    const error = mapStatus(def, status, text, resHeaders, target.key, opts.logger);
    if (status === 429) heldUntil = Math.max(heldUntil, now() + (error.retryAfterSec ?? 1) * 1000);
    return fail(def, outcomeOf(status), started, error);
  }

  return {
    send,
    close: () => dispatcher.close(),
  };
}
