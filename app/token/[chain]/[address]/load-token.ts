import "server-only";
import { cache } from "react";
import { type ApiError, asApiError, type ChainId, type Envelope } from "@/lib/api";
import { fetchEndpoint } from "@/lib/server/prefetch";

export type LoadedToken = { ok: true; env: Envelope<"token"> } | { ok: false; error: ApiError };

/** Token detail once per request (metadata, page and image share it); failures as values, never thrown. */
export const loadToken = cache(async (chain: ChainId, address: string): Promise<LoadedToken> => {
  try {
    return { ok: true, env: await fetchEndpoint("token", { query: { chain, address } }) };
  } catch (e) {
    return { ok: false, error: asApiError(e, { message: "token detail failed" }) };
  }
});
