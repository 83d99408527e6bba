import { runtimeConfig } from "../runtime";

let cached: { base: URL | undefined } | undefined;

/** The site's public origin for absolute metadata URLs (PUBLIC_URL), read once; undefined leaves Next's default. */
export function publicBaseUrl(): URL | undefined {
  if (!cached) {
    try {
      const url = runtimeConfig().publicUrl;
      cached = { base: url ? new URL(url) : undefined };
    } catch {
      cached = { base: undefined }; // server.ts already stopped on a bad setting; `next` run alone keeps Next's default
    }
  }
  return cached.base;
}
