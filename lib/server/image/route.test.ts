import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { DEFAULT_IMAGE_HOSTS, imageSource } from "./fetch-image";
import { type ImageRouteDeps, serveImage } from "./route";
import { createRateLimiter } from "../http/rate-limit";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function deps(over: Partial<ImageRouteDeps> = {}) {
  let now = 0;
  const fetched: string[] = [];
  const d: ImageRouteDeps = {
    limiter: createRateLimiter({ ratePerSec: 1, burst: 3, now: () => now }),
    trustProxy: 1,
    allowedHosts: DEFAULT_IMAGE_HOSTS,
    // The real source check, without the network.
    fetch: async (url, marketBase, hosts) => {
      imageSource(url, marketBase, hosts);
      fetched.push(url);
      return { body: PNG, contentType: "image/png" };
    },
    ...over,
  };
  return { d, fetched, tick: (ms: number) => (now += ms) };
}

const get = (query: string, ip = "203.0.113.7") =>
  new Request(`http://explorer.test/api/image${query}`, { headers: { "x-forwarded-for": ip } });
const icon = `?url=${encodeURIComponent("https://ipfs.io/ipfs/Qm/a.png")}`;

async function errorOf(res: Response) {
  return { status: res.status, code: (await res.json()).error.code as string };
}

describe("/api/image route", () => {
  it("serves an allowed icon from this origin, sandboxed", async () => {
    const { d, fetched } = deps();
    const res = await serveImage(get(icon), d);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(fetched).toEqual(["https://ipfs.io/ipfs/Qm/a.png"]);
  });

  it("answers 400 for a bad query, 403 forbidden off the allowlist, fetching nothing", async () => {
    const { d, fetched } = deps({ limiter: createRateLimiter({ ratePerSec: 1, burst: 100 }) });
    expect(await errorOf(await serveImage(get(""), d))).toEqual({ status: 400, code: "missing_parameter" });
    expect(await errorOf(await serveImage(get(`${icon}&w=64`), d))).toEqual({ status: 400, code: "unknown_parameter" });
    expect(await errorOf(await serveImage(get(`${icon}&url=x`), d))).toEqual({ status: 400, code: "unknown_parameter" });
    expect(await errorOf(await serveImage(get("?url=http%3A%2F%2Fipfs.io%2Fa.png"), d))).toEqual({ status: 400, code: "invalid_parameter" });
    expect(await errorOf(await serveImage(get("?url=https%3A%2F%2F169.254.169.254%2Fa.png"), d))).toEqual({ status: 400, code: "invalid_parameter" });
    expect(await errorOf(await serveImage(get("?url=https%3A%2F%2Ftracker.example%2Fa.png"), d))).toEqual({ status: 403, code: "forbidden" });
    expect(fetched).toEqual([]);
    // The operator's addition lets it through.
    const more = deps({ allowedHosts: [...DEFAULT_IMAGE_HOSTS, "tracker.example"] });
    expect((await serveImage(get("?url=https%3A%2F%2Ftracker.example%2Fa.png"), more.d)).status).toBe(200);
  });

  it("limits each client address: 429 rate_limited with Retry-After past the burst, others unaffected, refilled in time", async () => {
    const { d, fetched, tick } = deps();
    for (let i = 0; i < 3; i++) expect((await serveImage(get(icon), d)).status).toBe(200);
    const limited = await serveImage(get(icon), d);
    expect(await errorOf(limited)).toEqual({ status: 429, code: "rate_limited" });
    expect(limited.headers.get("retry-after")).toBe("1");
    // Bad requests spend the budget too: the limit comes first.
    expect((await errorOf(await serveImage(get(""), d))).status).toBe(429);
    expect((await serveImage(get(icon, "198.51.100.9"), d)).status).toBe(200);
    tick(1_000);
    expect((await serveImage(get(icon), d)).status).toBe(200);
    expect(fetched).toHaveLength(5);
  });

  it("turns a fetch failure into its JSON error", async () => {
    const { d } = deps({
      fetch: async () => {
        throw new ApiError("payload_too_large", "the image is larger than 1 MiB");
      },
    });
    expect(await errorOf(await serveImage(get(icon), d))).toEqual({ status: 413, code: "payload_too_large" });
  });
});
