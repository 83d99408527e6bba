import "server-only";
import { cache } from "react";
import { ApiError, type ChainId, type Envelope } from "@/lib/api";
import { fetchEndpoint } from "@/lib/server/prefetch";

export type LoadedToken = { ok: true; env: Envelope<"token"> } | { ok: false; error: ApiError };

/** By shape, not class: the server's upstream client may load its own copy of lib/api. */
function asApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const x = e as { name?: unknown; code?: unknown; message?: unknown; status?: unknown } | null;
  if (x && x.name === "ApiError" && typeof x.code === "string")
    return new ApiError(x.code, String(x.message ?? x.code), {
      status: typeof x.status === "number" ? x.status : undefined,
    });
  return new ApiError("internal_error", "token detail failed");
}

/** Token detail once per request (metadata, page and image share it); failures as values, never thrown. */
export const loadToken = cache(async (chain: ChainId, address: string): Promise<LoadedToken> => {
  try {
    return { ok: true, env: await fetchEndpoint("token", { query: { chain, address } }) };
  } catch (e) {
    return { ok: false, error: asApiError(e) };
  }
});
