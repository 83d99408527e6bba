import {
  ApiError,
  type BodyInputOf,
  type BodyOf,
  ENDPOINT_ROUTES,
  type EndpointId,
  type Envelope,
  MIN_AS_OF_HEADER,
  type QueryOf,
  toApiError,
  toSearchParams,
} from "@/lib/api/core";
import { observeServerTime } from "./server-clock";

// The browser's one door to REST: same-origin `/api/v1/*` only, errors parsed once into ApiError.

export const API_PREFIX = "/api/v1";

export type QueryInput<K extends EndpointId> = Partial<QueryOf<K>>;
export type BodyInput<K extends EndpointId> = BodyInputOf<K>;
export interface FetchInput<K extends EndpointId> {
  query?: QueryInput<K>;
  body?: BodyInput<K> | BodyOf<K>;
  /** The answer's `meta.asOf` must reach this moment of the market's clock (ms): the proxy asks the upstream rather
   *  than serve a copy it cached before (sent as the `x-min-as-of` header). */
  minAsOf?: number;
}

export type ApiFetcher = <K extends EndpointId>(
  id: K,
  input?: FetchInput<K>,
  signal?: AbortSignal,
) => Promise<Envelope<K>>;

/** Same-origin path of an endpoint with its query string (no host: the key never travels with browser calls). */
export function apiUrl<K extends EndpointId>(id: K, query?: QueryInput<K>): string {
  const def = ENDPOINT_ROUTES[id];
  const qs = toSearchParams((query ?? {}) as Record<string, unknown>).toString();
  return `${API_PREFIX}${def.path.replace(/^\/v1/, "")}${qs ? `?${qs}` : ""}`;
}

function retryAfterSec(res: Response): number | undefined {
  const raw = res.headers.get("retry-after");
  if (raw === null) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isEnvelope(x: unknown): x is { data: unknown; meta: { asOf: number } } {
  if (typeof x !== "object" || x === null || !("data" in x)) return false;
  const meta = (x as { meta?: unknown }).meta;
  return typeof meta === "object" && meta !== null && typeof (meta as { asOf?: unknown }).asOf === "number";
}

export function apiFetch<K extends EndpointId>(
  id: K,
  input: FetchInput<K> = {},
  signal?: AbortSignal,
): Promise<Envelope<K>> {
  return fetchFrom("", id, input, signal);
}

/** A fetcher bound to an absolute origin (Node tests and tools; browser code uses `apiFetch`, same-origin). */
export function createApiFetch(origin: string): ApiFetcher {
  const base = origin.replace(/\/+$/, "");
  return (id, input, signal) => fetchFrom(base, id, input, signal);
}

async function fetchFrom<K extends EndpointId>(
  base: string,
  id: K,
  input: FetchInput<K> = {},
  signal?: AbortSignal,
): Promise<Envelope<K>> {
  const def = ENDPOINT_ROUTES[id];
  const url = base + apiUrl(id, input.query);
  const headers: Record<string, string> = { accept: "application/json" };
  if (input.minAsOf !== undefined) headers[MIN_AS_OF_HEADER] = String(Math.max(0, Math.ceil(input.minAsOf)));
  const init: RequestInit = {
    method: def.method,
    signal,
    headers,
    credentials: "same-origin",
    // React Query is the cache; the HTTP cache would hand a refetch (or a gap repair) the copy it means to replace.
    cache: "no-store",
  };
  if (def.method === "POST") {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(input.body ?? {});
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new ApiError("network_error", err instanceof Error ? err.message : "network request failed", { status: 0 });
  }
  const body = await readJson(res).catch((err: unknown) => {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new ApiError("network_error", "response body could not be read", { status: 0 });
  });
  if (!res.ok) {
    const e = toApiError(res.status, body);
    const after = retryAfterSec(res);
    throw after === undefined
      ? e
      : new ApiError(e.code, e.message, { status: e.status, param: e.param, retryAfterSec: after });
  }
  if (!isEnvelope(body))
    throw new ApiError("upstream_bad_response", `${def.path}: response is not a { data, meta } envelope`, {
      status: 502,
    });
  observeServerTime(body.meta.asOf);
  return body as Envelope<K>;
}
