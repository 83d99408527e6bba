import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { LRUCache } from "lru-cache";
import { Agent, request } from "undici";
import { ApiError } from "@/lib/api/errors";
import { checkImageUrl } from "@/lib/format/safe-url";

// Token icons are URLs written by token creators. The browser never loads them from their host (that would hand every
// visitor's address to whoever made the token): it asks /api/image, which fetches the picture here, with limits, and
// serves it from this origin, so the CSP can say img-src 'self'.
// Accepted: https URLs (not SVG) on public addresses of an allowed host (DEFAULT_IMAGE_HOSTS, the market's own host,
// IMAGE_ALLOWED_HOSTS), and the market's own /assets/ icons (SVG too; loopback for the embedded market).

export const MAX_IMAGE_BYTES = 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 4_000;
const RASTER_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/x-icon", "image/vnd.microsoft.icon"]);
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Where token icons live: IPFS and Arweave gateways, pinning services and the token-list CDNs the launchpads and
 * aggregators write into token metadata. `*.example.com` is any subdomain (not example.com itself).
 */
export const DEFAULT_IMAGE_HOSTS: readonly string[] = [
  "ipfs.io", "*.ipfs.io", "cloudflare-ipfs.com", "cf-ipfs.com", "gateway.pinata.cloud", "*.mypinata.cloud",
  "nftstorage.link", "*.nftstorage.link", "*.dweb.link", "*.w3s.link", "arweave.net", "*.arweave.net",
  "gateway.irys.xyz", "raw.githubusercontent.com", "assets.coingecko.com", "coin-images.coingecko.com",
  "static.jup.ag", "s2.coinmarketcap.com", "tokens.1inch.io", "tokens-data.1inch.io", "assets-cdn.trustwallet.com",
  "cdn.dexscreener.com", "dd.dexscreener.com", "img.fotofolio.xyz", "metadata.j7tracker.com", "i.imgur.com",
];

/** Whether `host` matches the allowlist: an exact name, `*.suffix` for its subdomains, or `*` for any public host. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  for (const pattern of allowed) {
    const p = pattern.toLowerCase();
    if (p === "*" || p === h) return true;
    if (p.startsWith("*.") && h.endsWith(p.slice(1)) && h.length > p.length - 1) return true;
  }
  return false;
}

export interface ProxiedImage {
  body: Buffer;
  contentType: string;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

/** Loopback, private, link-local, multicast and reserved addresses (IPv4-mapped IPv6 judged by its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** DNS lookup that refuses private answers: the address checked is the one connected to (no rebinding window). */
export function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const ok = (addresses as LookupAddress[]).filter((a) => !isPrivateAddress(a.address));
    if (ok.length === 0)
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: "EPRIVATE" }), "");
    if (options.all) return callback(null, ok);
    callback(null, ok[0].address, ok[0].family);
  });
}

const publicAgent = new Agent({ connect: { lookup: publicLookup as never, timeout: IMAGE_TIMEOUT_MS }, connections: 16 });
const loopbackAgent = new Agent({ connect: { timeout: IMAGE_TIMEOUT_MS }, connections: 8 });

type Source = { url: URL; agent: Agent; types: (t: string) => boolean };

/**
 * Where an icon URL may be fetched from, or an ApiError saying why not: 400 `invalid_parameter` for a URL that is
 * never an icon (not https, SVG, a private address, another port), 403 `forbidden` off the allowlist.
 * `marketBase`: the market's REST base (embedded or remote), whose own `/assets/` icons are taken as they are.
 */
export function imageSource(raw: string, marketBase?: string, allowedHosts: readonly string[] = DEFAULT_IMAGE_HOSTS): Source {
  if (marketBase && URL.canParse(raw)) {
    const url = new URL(raw);
    if (url.origin === new URL(marketBase).origin && url.pathname.startsWith("/assets/") && !url.search)
      return { url, agent: loopbackAgent, types: (t) => t === "image/svg+xml" || RASTER_TYPES.has(t) };
  }
  const check = checkImageUrl(raw);
  if (!check.ok) throw new ApiError("invalid_parameter", `not an allowed image URL (${check.code})`, { param: "url" });
  const url = new URL(check.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host))
    throw new ApiError("invalid_parameter", "image URLs may not name a private address", { param: "url" });
  if (url.port && url.port !== "443") throw new ApiError("invalid_parameter", "image URLs use the https port", { param: "url" });
  const marketHost = marketBase && URL.canParse(marketBase) ? new URL(marketBase).hostname : undefined;
  if (url.hostname !== marketHost && !hostAllowed(url.hostname, allowedHosts))
    throw new ApiError("forbidden", `icons are not fetched from ${url.hostname.slice(0, 100)} (IMAGE_ALLOWED_HOSTS)`, {
      param: "url",
    });
  return { url, agent: publicAgent, types: (t) => RASTER_TYPES.has(t) };
}

const cache = new LRUCache<string, ProxiedImage>({ maxSize: CACHE_BYTES, sizeCalculation: (v) => v.body.length + 64, ttl: 3_600_000 });

/** Fetches an icon within the limits: one GET, no redirect, ≤ 1 MiB, an image type, 4 s in all. */
export async function fetchImage(raw: string, marketBase?: string, allowedHosts?: readonly string[]): Promise<ProxiedImage> {
  const source = imageSource(raw, marketBase, allowedHosts);
  const key = source.url.href;
  const hit = cache.get(key);
  if (hit) return hit;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), IMAGE_TIMEOUT_MS);
  try {
    return await fetchWithin(source, key, abort.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchWithin(source: Source, key: string, signal: AbortSignal): Promise<ProxiedImage> {
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(source.url, {
      dispatcher: source.agent,
      method: "GET",
      headers: { accept: "image/avif,image/webp,image/png,image/*;q=0.8", "user-agent": "image-proxy" },
      signal,
      headersTimeout: IMAGE_TIMEOUT_MS,
      bodyTimeout: IMAGE_TIMEOUT_MS,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EPRIVATE") throw new ApiError("invalid_parameter", "the image host resolves to a private address", { param: "url" });
    throw new ApiError("upstream_unavailable", "the image host did not answer");
  }
  res.body.on("error", () => {});
  const drop = () => res.body.destroy();
  if (res.statusCode !== 200) {
    drop();
    throw new ApiError("not_found", `the image host answered ${res.statusCode}`);
  }
  const type = String(res.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (!source.types(type)) {
    drop();
    throw new ApiError("unsupported_media_type", `not an allowed image type (${type.slice(0, 40) || "none"})`);
  }
  const declared = Number(res.headers["content-length"] ?? Number.NaN);
  if (declared > MAX_IMAGE_BYTES) {
    drop();
    throw new ApiError("payload_too_large", "the image is larger than 1 MiB");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_IMAGE_BYTES) {
        drop();
        throw new ApiError("payload_too_large", "the image is larger than 1 MiB");
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("upstream_unavailable", "the image host stopped answering");
  }
  const image = { body: Buffer.concat(chunks), contentType: type };
  cache.set(key, image);
  return image;
}
