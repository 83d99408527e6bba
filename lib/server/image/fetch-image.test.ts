import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxiedImageUrl } from "@/lib/format/safe-url";
import { fetchImage, hostAllowed, imageSource, isPrivateAddress, MAX_IMAGE_BYTES, publicLookup } from "./fetch-image";

// A stand-in for the embedded market's /assets/ (loopback, the only plain-http source allowed).
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/assets/token/a.svg") return res.writeHead(200, { "content-type": "image/svg+xml" }).end("<svg/>");
    if (req.url === "/assets/big.png") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(MAX_IMAGE_BYTES + 1));
    if (req.url === "/assets/page.html") return res.writeHead(200, { "content-type": "text/html" }).end("<script>");
    if (req.url === "/assets/moved.png") return res.writeHead(302, { location: "http://169.254.169.254/" }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("image proxy", () => {
  it("knows private addresses, IPv4-mapped included", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "0.0.0.0", "not-an-ip"])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["1.1.1.1", "93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses a host that resolves to a private address at connect time", async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicLookup("localhost", {}, (e) => resolve(e)));
    expect(err?.code).toBe("EPRIVATE");
  });

  it("takes https raster icons on public hosts only, and the market's own assets", () => {
    const any = ["*"];
    expect(imageSource("https://cdn.example.com/a.png", undefined, any).url.href).toBe("https://cdn.example.com/a.png");
    for (const bad of ["http://cdn.example.com/a.png", "https://cdn.example.com/a.svg", "https://127.0.0.1/a.png", "https://[::1]/a.png", "https://10.0.0.1/a.png", "https://cdn.example.com:8443/a.png", "javascript:alert(1)", `${base}/assets/token/a.svg`])
      expect(() => imageSource(bad, undefined, any), bad).toThrow(expect.objectContaining({ code: "invalid_parameter", status: 400 }));
    expect(imageSource(`${base}/assets/token/a.svg`, base).url.pathname).toBe("/assets/token/a.svg");
    expect(() => imageSource(`${base}/__control/state`, base)).toThrow();
  });

  it("fetches only from allowed hosts: the defaults, the market's own host and what the operator adds (403 otherwise)", () => {
    for (const ok of ["https://ipfs.io/ipfs/Qm/a.png", "https://bafy.ipfs.dweb.link/a.png", "https://pump.mypinata.cloud/ipfs/x.webp", "https://arweave.net/abc", "https://raw.githubusercontent.com/x/y/a.png"])
      expect(imageSource(ok).url.href, ok).toBe(ok);
    for (const off of ["https://cdn.example.com/a.png", "https://mypinata.cloud/a.png", "https://evil-ipfs.io/a.png", "https://ipfs.io.evil.com/a.png"])
      expect(() => imageSource(off), off).toThrow(expect.objectContaining({ code: "forbidden", status: 403 }));
    expect(imageSource("https://cdn.example.com/a.png", undefined, ["*.example.com"]).url.hostname).toBe("cdn.example.com");
    expect(() => imageSource("https://example.com/a.png", undefined, ["*.example.com"])).toThrow(expect.objectContaining({ status: 403 }));
    expect(imageSource("https://market.example.net/icons/a.png", "https://market.example.net").url.hostname).toBe("market.example.net");
    // A URL that is never an icon is a 400 whatever the allowlist says.
    expect(() => imageSource("https://ipfs.io/a.svg")).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("matches host patterns exactly: names, *.suffix for subdomains only, * for any", () => {
    expect(hostAllowed("IPFS.io", ["ipfs.io"])).toBe(true);
    expect(hostAllowed("ipfs.io.", ["ipfs.io"])).toBe(true);
    expect(hostAllowed("a.b.ipfs.io", ["*.ipfs.io"])).toBe(true);
    expect(hostAllowed("ipfs.io", ["*.ipfs.io"])).toBe(false);
    expect(hostAllowed("xipfs.io", ["*.ipfs.io"])).toBe(false);
    expect(hostAllowed("anything.example", ["*"])).toBe(true);
    expect(hostAllowed("anything.example", [])).toBe(false);
  });

  it("serves an embedded icon, and refuses other types, redirects and oversized bodies", async () => {
    expect((await fetchImage(`${base}/assets/token/a.svg`, base)).contentType).toBe("image/svg+xml");
    await expect(fetchImage(`${base}/assets/page.html`, base)).rejects.toMatchObject({ code: "unsupported_media_type" });
    await expect(fetchImage(`${base}/assets/moved.png`, base)).rejects.toMatchObject({ code: "not_found" });
    await expect(fetchImage(`${base}/assets/big.png`, base)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("points <img> at this site's route, never at the icon host", () => {
    expect(proxiedImageUrl("https://cdn.example.com/a.png")).toBe("/api/image?url=https%3A%2F%2Fcdn.example.com%2Fa.png");
    expect(proxiedImageUrl(`${base}/assets/token/a.svg`)).toMatch(/^\/api\/image\?url=http%3A%2F%2F127\.0\.0\.1/);
    for (const bad of ["http://cdn.example.com/a.png", "javascript:alert(1)", "data:image/png;base64,AA", 42, null])
      expect(proxiedImageUrl(bad)).toBeNull();
  });
});
