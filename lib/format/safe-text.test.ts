import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeScripts } from "./confusables";
import { graphemeSegmenter } from "./intl";
import {
  graphemes,
  MAX_FULL_GRAPHEMES,
  SAFE_TEXT_MEMO_MAX,
  type SafeTextFlags,
  safeText,
  safeTextMemoSize,
  safeTextTitle,
} from "./safe-text";
import { HOSTILE_TEXT_CASES } from "./testing/hostile-corpus";

const FLAGS: (keyof SafeTextFlags)[] = [
  "bidi",
  "zeroWidth",
  "control",
  "stackedMarks",
  "mixedScript",
  "confusable",
  "truncated",
];
const HIDDEN_RE =
  /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u200C\u2060\uFEFF\u0000-\u001F\u007F-\u009F\u00AD]/u;
const count = (s: string) => [...graphemeSegmenter().segment(s)].length;

describe("graphemes", () => {
  const segmented = (s: string) => Array.from(graphemeSegmenter().segment(s), (g) => g.segment);

  it("splits printable ASCII as the segmenter does (one grapheme per character)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }), (s) => {
        expect(graphemes(s)).toEqual(segmented(s));
      }),
    );
  });

  it("leaves anything else to the segmenter (CRLF, combining marks, emoji sequences)", () => {
    for (const s of ["a\r\nb", "e\u0301x", "👩‍👩‍👧 fam", "🇫🇷ok", "tab\there"])
      expect(graphemes(s)).toEqual(segmented(s));
    expect(graphemes("a\r\nb")).toHaveLength(3);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(graphemes(s)).toEqual(segmented(s));
      }),
    );
  });
});

describe("safeText over the hostile corpus", () => {
  it("holds at least 100 cases", () => expect(HOSTILE_TEXT_CASES.length).toBeGreaterThanOrEqual(100));
  it.each(HOSTILE_TEXT_CASES.map((c) => [c.note, c] as const))("%s", (_note, c) => {
    const r = safeText(c.raw, { maxGraphemes: c.maxGraphemes });
    if (c.text !== undefined) expect(r.text).toBe(c.text);
    for (const f of FLAGS) expect([f, r.flags[f]]).toEqual([f, c.flags[f] === true]);
    if (c.lookalike !== undefined) expect(r.lookalike).toBe(c.lookalike);
    const { truncated: _t, ...others } = c.flags;
    expect(r.suspicious).toBe(Object.values(others).some(Boolean));
    expect(r.warnings.length > 0).toBe(r.suspicious);
  });
});

describe("safeText", () => {
  it("explains each flag in words", () => {
    expect(safeText("Pe\u202Epe").warnings).toEqual(["Contains hidden direction characters (removed)"]);
    expect(safeText("P\u0435pe").warnings).toEqual([
      "Mixes alphabets in one word (e.g. Latin with Cyrillic)",
      "Uses look-alike characters (reads as “Pepe”)",
    ]);
  });

  it("non-strings give empty text", () => {
    for (const v of [null, undefined, 42, {}, ["x"]]) expect(safeText(v).text).toBe("");
  });

  it("keeps the full text for a title when cut", () => {
    const long = "Super Long Token Name That Goes On And On Forever";
    const r = safeText(long, { maxGraphemes: 12 });
    expect(r.text).toBe("Super Long…");
    expect(r.full).toBe(long);
    expect(safeTextTitle(r)).toBe(long);
    expect(safeTextTitle(safeText("Pepe"))).toBeUndefined();
    expect(safeTextTitle(safeText("Pe\u200Bpe"))).toBe("Contains invisible characters (removed)");
  });

  it("bounds the full text", () => {
    const r = safeText("ab ".repeat(400));
    expect(count(r.full)).toBeLessThanOrEqual(MAX_FULL_GRAPHEMES);
    expect(r.flags.truncated).toBe(true);
  });

  it("output never holds hidden characters and respects the grapheme limit (property)", () => {
    const hostile = fc.constantFrom(
      ..."\u202A\u202E\u2066\u2069\u200E\u200F\u061C\u200B\u200C\u200D\u2060\uFEFF\u0000\u001B\u007F\u0085\u00AD\n\t",
    );
    const arb = fc
      .array(fc.oneof(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), hostile), { maxLength: 30 })
      .map((a) => a.join(""));
    fc.assert(
      fc.property(arb, fc.integer({ min: 2, max: 64 }), (raw, max) => {
        const r = safeText(raw, { maxGraphemes: max });
        expect(r.text).not.toMatch(HIDDEN_RE);
        expect(r.text).not.toMatch(/\p{Cs}/u); // no lone surrogates
        expect(count(r.text)).toBeLessThanOrEqual(max);
        expect(r.text).toBe(r.text.trim());
        expect(r.text).not.toMatch(/ {2}/);
      }),
      { numRuns: 400 },
    );
  });

  it("is idempotent: cleaning clean text changes nothing (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (raw) => {
        const once = safeText(raw, { maxGraphemes: 256 });
        const twice = safeText(once.full, { maxGraphemes: 256 });
        expect(twice.full).toBe(once.full);
        expect(twice.flags.bidi || twice.flags.zeroWidth || twice.flags.control).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("its memo never holds more than its cap", () => {
    for (let i = 0; i < SAFE_TEXT_MEMO_MAX + 250; i++) safeText(`token-${i}`);
    expect(safeTextMemoSize()).toBe(SAFE_TEXT_MEMO_MAX);
  });
});

describe("safeText on printable ASCII", () => {
  const ascii = fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 300,
  });

  it("reads as Latin only and imitates nothing: what the fast path takes for granted", () => {
    fc.assert(
      fc.property(ascii, (s) => {
        const r = analyzeScripts(s.replace(/\s+/g, " ").trim());
        expect([r.mixedScript, r.confusable, r.lookalike]).toEqual([false, false, null]);
      }),
    );
  });

  it("gives what the full cleaning gives (an invisible character forces it, and is all it removes)", () => {
    fc.assert(
      fc.property(ascii, fc.integer({ min: 2, max: 64 }), (s, maxGraphemes) => {
        const fast = safeText(s, { maxGraphemes });
        const full = safeText(`${s}\u200B`, { maxGraphemes });
        expect(full.flags.zeroWidth).toBe(true);
        expect(fast.text).toBe(full.text);
        expect(fast.full).toBe(full.full);
        expect(fast.lookalike).toBe(full.lookalike);
        expect({ ...fast.flags, zeroWidth: true }).toEqual(full.flags);
        expect(fast.suspicious).toBe(false);
        expect(fast.warnings).toEqual([]);
      }),
    );
  });
});
