import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOSTILE_IMAGE_CASES, HOSTILE_URL_CASES } from "./testing/hostile-corpus";
import { checkHttpsUrl, displayUrl, MAX_URL_LENGTH, SAFE_LINK_REL, safeHttpsUrl, safeImageUrl } from "./safe-url";

describe("safeHttpsUrl over the hostile corpus", () => {
  it("holds at least 100 cases", () => expect(HOSTILE_URL_CASES.length).toBeGreaterThanOrEqual(100));
  it.each(HOSTILE_URL_CASES.map((c) => [c.note, c] as const))("%s", (_note, c) => {
    expect(safeHttpsUrl(c.raw)).toBe(c.expect);
  });
});

describe("safeImageUrl", () => {
  it.each(HOSTILE_IMAGE_CASES.map((c) => [c.note, c] as const))("%s", (_note, c) => {
    expect(safeImageUrl(c.raw)).toBe(c.expect);
  });
  it("refuses everything a link refuses", () => {
    for (const c of HOSTILE_URL_CASES) if (c.expect === null) expect(safeImageUrl(c.raw)).toBeNull();
  });
});

describe("checkHttpsUrl", () => {
  it("says why, with a code", () => {
    expect(checkHttpsUrl(null)).toEqual({ ok: false, code: "not_string" });
    expect(checkHttpsUrl(42)).toEqual({ ok: false, code: "not_string" });
    expect(checkHttpsUrl(["https://example.com"])).toEqual({ ok: false, code: "not_string" });
    expect(checkHttpsUrl("javascript:alert(1)")).toEqual({ ok: false, code: "not_https" });
    expect(checkHttpsUrl(" https://example.com")).toEqual({ ok: false, code: "bad_chars" });
    expect(checkHttpsUrl("https://u:p@example.com")).toEqual({ ok: false, code: "credentials" });
    expect(checkHttpsUrl("https://127.0.0.1")).toEqual({ ok: false, code: "bad_host" });
    expect(checkHttpsUrl("https://example.com:99999")).toEqual({ ok: false, code: "unparseable" });
    expect(checkHttpsUrl(`https://example.com/${"a".repeat(MAX_URL_LENGTH)}`)).toEqual({ ok: false, code: "too_long" });
    expect(checkHttpsUrl("https://пример.рф")).toEqual({
      ok: true,
      url: "https://xn--e1afmkfd.xn--p1ai/",
      host: "xn--e1afmkfd.xn--p1ai",
    });
  });

  it("the rel for every outbound link", () => expect(SAFE_LINK_REL).toBe("noopener noreferrer nofollow"));
});

describe("properties", () => {
  it("whatever comes in, what comes out is a clean https URL that maps to itself", () => {
    const arb = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string({ unit: "binary" }).map((s) => `https://${s}`),
      fc
        .constantFrom("javascript:", "data:", "vbscript:", "//", " https://", "&#106;")
        .chain((p) => fc.string().map((s) => p + s)),
    );
    fc.assert(
      fc.property(arb, (raw) => {
        const out = safeHttpsUrl(raw);
        if (out === null) return;
        expect(out.startsWith("https://")).toBe(true);
        expect(out).not.toMatch(/[\p{C}\p{Z}"<>\\`]/u);
        expect(out.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
        expect(new URL(out).username).toBe("");
        expect(safeHttpsUrl(out)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });

  it("no dangerous scheme survives, whatever follows it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("javascript:", "JaVaScRiPt:", "data:", "vbscript:", "http:", "file:"),
        fc.string(),
        (s, rest) => {
          expect(safeHttpsUrl(s + rest)).toBeNull();
        },
      ),
    );
  });
});

describe("displayUrl", () => {
  it("shows host (punycoded) and path, never cutting the host", () => {
    expect(displayUrl("https://www.example.com/")).toBe("example.com");
    expect(displayUrl("https://example.com/docs/")).toBe("example.com/docs");
    expect(displayUrl("https://xn--exmple-4nf.com/")).toBe("xn--exmple-4nf.com");
    expect(displayUrl(`https://example.com/${"a".repeat(60)}`, 30)).toBe(`example.com/${"a".repeat(17)}…`);
    const longHost = `https://${"a".repeat(50)}.com/x`;
    expect(displayUrl(longHost, 30)).toBe(`${"a".repeat(50)}.com/…`);
  });
});
