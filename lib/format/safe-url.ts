// Links and icons come from token metadata written by strangers: only plain https URLs survive.
export const SAFE_LINK_REL = "noopener noreferrer nofollow";
export const MAX_URL_LENGTH = 2048;

export type UrlRejection =
  | "not_string"
  | "too_long"
  | "bad_chars"
  | "not_https"
  | "unparseable"
  | "credentials"
  | "bad_host"
  | "svg";

export type UrlCheck = { ok: true; url: string; host: string } | { ok: false; code: UrlRejection };

// Any control, format (bidi, zero-width, tags), separator or unassigned code point, and characters that are
// never valid unescaped in a URL (backslash is read as "/" by browsers, so it could hide the real host).
const BAD_CHARS_RE = /[\p{C}\p{Z}"<>\\^`{|}]/u;
// The scheme must be written literally: this rejects entity- or percent-encoded schemes, protocol-relative
// and scheme-less URLs, and leading whitespace/NUL before any parser could forgive them.
const HTTPS_PREFIX_RE = /^https:\/\//i;
const IPV4_RE = /^\d{1,3}(\.\d{1,3}){3}$/;
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan"];

function badHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  if (h === "" || h.startsWith("[") || IPV4_RE.test(h)) return true; // IP literals: no links into local networks
  if (h === "localhost" || LOCAL_SUFFIXES.some((s) => h.endsWith(s))) return true;
  if (!h.includes(".")) return true; // single-label intranet names
  const labels = h.split(".");
  return h.length > 253 || labels.some((l) => l === "" || l.length > 63); // not a DNS name
}

/** Checks a raw URL, with a machine-readable reason when it is refused. */
export function checkHttpsUrl(raw: unknown): UrlCheck {
  if (typeof raw !== "string") return { ok: false, code: "not_string" };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, code: "too_long" };
  if (BAD_CHARS_RE.test(raw)) return { ok: false, code: "bad_chars" };
  if (!HTTPS_PREFIX_RE.test(raw)) return { ok: false, code: "not_https" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: "unparseable" };
  }
  if (url.protocol !== "https:") return { ok: false, code: "not_https" };
  if (url.username !== "" || url.password !== "") return { ok: false, code: "credentials" };
  if (badHost(url.hostname)) return { ok: false, code: "bad_host" };
  // Normalised: scheme and host lowercased, non-ASCII hosts punycoded (xn--), so look-alike hosts show as such.
  if (url.href.length > MAX_URL_LENGTH) return { ok: false, code: "too_long" };
  return { ok: true, url: url.href, host: url.hostname };
}

/** The normalised https URL, or null when it is anything else. */
export function safeHttpsUrl(raw: unknown): string | null {
  const r = checkHttpsUrl(raw);
  return r.ok ? r.url : null;
}

function decodedPath(url: string): string {
  const p = new URL(url).pathname.toLowerCase();
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** Checks an icon URL: safe https and not an SVG file (SVG is a document, never inlined or trusted). */
export function checkImageUrl(raw: unknown): UrlCheck {
  const r = checkHttpsUrl(raw);
  if (!r.ok) return r;
  if (/\.svgz?$/.test(decodedPath(r.url))) return { ok: false, code: "svg" };
  return r;
}

/** Icon URL for an <img>, or null (the caller shows a generated avatar instead). */
export function safeImageUrl(raw: unknown): string | null {
  const r = checkImageUrl(raw);
  return r.ok ? r.url : null;
}

/**
 * Where an <img> loads a token icon from: this site's image route (/api/image), never the icon's host. Passes https
 * icons (not SVG) and plain-http loopback ones (the embedded market's own); the route decides what it fetches.
 */
export function proxiedImageUrl(raw: unknown): string | null {
  const safe = safeImageUrl(raw);
  if (safe) return `/api/image?url=${encodeURIComponent(safe)}`;
  if (typeof raw !== "string" || raw.length > 2_048 || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  const loopback = url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  return loopback && url.pathname.startsWith("/assets/") ? `/api/image?url=${encodeURIComponent(url.href)}` : null;
}

/** Short link text: "example.com/docs" (punycoded host, no "www.", path cut to fit). */
export function displayUrl(safeUrl: string, max = 40): string {
  const u = new URL(safeUrl);
  const host = u.hostname.replace(/^www\./, "");
  const path = u.pathname === "/" ? "" : u.pathname.replace(/\/$/, "");
  const full = `${host}${path}`;
  if (full.length <= max) return full;
  // The host is never cut: it is what tells a look-alike domain apart.
  const room = max - host.length - 1;
  return room > 1 ? `${host}${path.slice(0, room)}…` : `${host}/…`;
}
