// A caller that needs an answer at least this new says so with the standard request directive
// `Cache-Control: max-age=<seconds>` (a stream repair after a resume: a copy cached before the resume may miss rows).
// Other directives are ignored: browsers add `no-cache` on their own to every `cache: "no-store"` fetch, and a copy
// cached seconds ago is what every other request should get.

const MAX_AGE = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,9})"?\s*(?:,|$)/i;

/** The request's `max-age` in ms, or undefined when it names none (or an unreadable one). */
export function requestMaxAgeMs(cacheControl: string | null): number | undefined {
  if (!cacheControl) return undefined;
  const m = MAX_AGE.exec(cacheControl);
  return m ? Number(m[1]) * 1000 : undefined;
}
