import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetSvg, assetUrl, parseAssetPath } from "./assets";

describe("market assets", () => {
  it("round-trips a URL's path to its kind and id", () => {
    fc.assert(
      fc.property(fc.constantFrom("token", "avatar" as const), fc.stringMatching(/^[A-Za-z0-9]{1,64}$/), (kind, id) => {
        const url = new URL(assetUrl("http://127.0.0.1:1/assets", kind, id));
        expect(parseAssetPath(url.pathname)).toEqual({ kind, id });
      }),
    );
  });

  it("rejects anything else", () => {
    for (const p of [
      "/assets/token/a.png",
      "/assets/x/a.svg",
      "/assets/token/../a.svg",
      "/assets/token/.svg",
      "/v1/search",
    ])
      expect(parseAssetPath(p)).toBeNull();
  });

  it("draws the same picture for the same id, a self-contained SVG with no script or link", () => {
    fc.assert(
      fc.property(fc.constantFrom("token", "avatar" as const), fc.stringMatching(/^[A-Za-z0-9]{1,20}$/), (kind, id) => {
        const svg = assetSvg(kind, id);
        expect(svg).toBe(assetSvg(kind, id));
        expect(svg.startsWith("<svg ")).toBe(true);
        expect(svg).not.toMatch(/script|href|on[a-z]+=|url\((?!#g\))/i);
      }),
    );
  });
});
