import { analyzeScripts } from "./confusables";
import { graphemeSegmenter } from "./intl";
import { boundedMemo } from "./memo";

// Names and symbols are written by strangers: clean what can hide or reorder text, flag what imitates.

export interface SafeTextFlags {
  /** Had bidi controls (U+202A–E, U+2066–9, U+200E/F, U+061C): removed. */
  bidi: boolean;
  /** Had invisible characters (zero-width, BOM, soft hyphen, fillers, tag characters): removed. */
  zeroWidth: boolean;
  /** Had control or other format characters, or line breaks: removed (breaks become spaces). */
  control: boolean;
  /** Had runs of more than 4 combining marks ("zalgo"): trimmed. */
  stackedMarks: boolean;
  /** A word mixes scripts that should not meet (Latin + Cyrillic…). */
  mixedScript: boolean;
  /** Characters imitate ASCII letters (fullwidth, math letters, Cyrillic/Greek look-alikes). */
  confusable: boolean;
  /** Cut to the grapheme limit; the full text is in `full`. */
  truncated: boolean;
}

export interface SafeText {
  /** What to render (as text, never HTML). May be "" when nothing visible was left. */
  text: string;
  /** Cleaned text before the grapheme cut, for a title attribute. */
  full: string;
  flags: SafeTextFlags;
  /** True when any flag other than `truncated` is set: show a warning mark. */
  suspicious: boolean;
  /** One sentence per suspicious flag, for the warning mark's title. */
  warnings: string[];
  /** The ASCII the text imitates, when confusable ("РЕРЕ" → "PEPE"). */
  lookalike: string | null;
}

export interface SafeTextOptions {
  /** Grapheme limit of `text`, "…" included (default 32, at least 2); longer text ends in "…". */
  maxGraphemes?: number;
}

/** Input beyond this many UTF-16 units is cut before any work (bounded cost on hostile input). */
export const MAX_INPUT_UNITS = 2048;
/** `full` never exceeds this many graphemes (it goes into a title attribute). */
export const MAX_FULL_GRAPHEMES = 256;
export const DEFAULT_MAX_GRAPHEMES = 32;
export const SAFE_TEXT_MEMO_MAX = 1000;
const MAX_MARKS = 4;

const LONE_SURROGATE_RE = /\p{Cs}/gu;
const BIDI_RE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
const TAGS_RE = /(\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F})|[\u{E0000}-\u{E007F}]/gu; // keep subdivision flags (black flag + tag letters + cancel tag) only
const INVISIBLE_RE =
  /[\u200B\u200C\u2060\uFEFF\u00AD\u180E\u2061-\u2064\u115F\u1160\u3164\uFFA0\u17B4\u17B5\u2800\u{1D173}-\u{1D17A}]|\u034F|[\u{E0100}-\u{E01EF}]/gu;
const BREAK_RE = /[\t\n\r\u000B\u000C\u0085\u2028\u2029]/gu;
const CONTROL_RE = /[\u0000-\u001F\u007F-\u009F]/gu;
const OTHER_FORMAT_RE = /(?![\u200D\u{E0020}-\u{E007F}])\p{Cf}/gu;
const MARKS_RE = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, "gu");
const SPACES_RE = /\s+/gu;
const EMOJI_BEFORE_RE = /\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?$/u;
const EMOJI_AFTER_RE = /^\p{Extended_Pictographic}/u;

function emptyFlags(): SafeTextFlags {
  return {
    bidi: false,
    zeroWidth: false,
    control: false,
    stackedMarks: false,
    mixedScript: false,
    confusable: false,
    truncated: false,
  };
}

/** Removes matches of re, setting the flag when there were any. */
function strip(s: string, re: RegExp, flags: SafeTextFlags, flag: keyof SafeTextFlags, by = ""): string {
  const out = s.replace(re, by);
  if (out !== s) flags[flag] = true;
  return out;
}

function clean(raw: string, flags: SafeTextFlags): string {
  let s = raw;
  s = strip(s, LONE_SURROGATE_RE, flags, "control");
  s = strip(s, BIDI_RE, flags, "bidi");
  s = s.replace(TAGS_RE, (m, flag: string | undefined) => {
    if (flag) return m;
    flags.zeroWidth = true;
    return "";
  });
  // ZWJ joins emoji (man + ZWJ + woman + ZWJ + girl); anywhere else it only hides things.
  s = s.replace(/\u200D/g, (m, at: number, str: string) => {
    if (EMOJI_BEFORE_RE.test(str.slice(Math.max(0, at - 4), at)) && EMOJI_AFTER_RE.test(str.slice(at + 1, at + 3)))
      return m;
    flags.zeroWidth = true;
    return "";
  });
  s = strip(s, INVISIBLE_RE, flags, "zeroWidth");
  s = strip(s, BREAK_RE, flags, "control", " ");
  s = strip(s, CONTROL_RE, flags, "control");
  s = strip(s, OTHER_FORMAT_RE, flags, "control");
  s = strip(s, MARKS_RE, flags, "stackedMarks", "$1");
  return s.replace(SPACES_RE, " ").trim().normalize("NFC");
}

function cutInput(raw: string): string {
  let end = MAX_INPUT_UNITS;
  const c = raw.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--; // never split a surrogate pair
  return raw.slice(0, end);
}

const PRINTABLE_ASCII_RE = /^[\x20-\x7e]*$/;
/** analyzeScripts of any printable ASCII: Latin only, no look-alike (a test holds the two equal). */
const ASCII_SCRIPTS = { mixedScript: false, confusable: false, lookalike: null } as const;

/** Grapheme clusters of s. Printable ASCII is one grapheme per character, so it skips the segmenter (and building
 * it, ~50 ms on a phone the first time a long plain name is cut). */
export function graphemes(s: string): string[] {
  if (PRINTABLE_ASCII_RE.test(s)) return s.split("");
  return Array.from(graphemeSegmenter().segment(s), (g) => g.segment);
}

const WARNINGS: [keyof SafeTextFlags, (r: SafeText) => string][] = [
  ["bidi", () => "Contains hidden direction characters (removed)"],
  ["zeroWidth", () => "Contains invisible characters (removed)"],
  ["control", () => "Contains control characters (removed)"],
  ["stackedMarks", () => "Contains stacked accent marks (trimmed)"],
  ["mixedScript", () => "Mixes alphabets in one word (e.g. Latin with Cyrillic)"],
  ["confusable", (r) => `Uses look-alike characters${r.lookalike ? ` (reads as “${r.lookalike}”)` : ""}`],
];

function analyze(input: string, maxGraphemes: number, inputCut: boolean): SafeText {
  const flags = emptyFlags();
  flags.truncated = inputCut;
  // Printable ASCII (most names) has nothing to clean but runs of spaces, and one script that imitates nothing.
  const ascii = PRINTABLE_ASCII_RE.test(input);
  const cleaned = ascii ? input.replace(SPACES_RE, " ").trim() : clean(input, flags);
  const scripts = ascii ? ASCII_SCRIPTS : analyzeScripts(cleaned);
  flags.mixedScript = scripts.mixedScript;
  flags.confusable = scripts.confusable;
  // A string no longer (in UTF-16 units) than the limit has no more graphemes than that: skip segmenting.
  const gs = cleaned.length > maxGraphemes ? graphemes(cleaned) : null;
  const n = gs?.length ?? 0;
  const cut = (max: number) =>
    `${(gs ?? [])
      .slice(0, max - 1)
      .join("")
      .trimEnd()}…`;
  const full = n > MAX_FULL_GRAPHEMES ? cut(MAX_FULL_GRAPHEMES) : cleaned;
  const text = n > maxGraphemes ? cut(maxGraphemes) : cleaned;
  if (n > maxGraphemes) flags.truncated = true;
  const result: SafeText = { text, full, flags, suspicious: false, warnings: [], lookalike: scripts.lookalike };
  for (const [flag, sentence] of WARNINGS) if (flags[flag]) result.warnings.push(sentence(result));
  result.suspicious = result.warnings.length > 0;
  return result;
}

// Key: "<max>:<0|1 input cut>:<input>".
const memo = boundedMemo((key: string) => {
  const sep = key.indexOf(":");
  return analyze(key.slice(sep + 3), Number(key.slice(0, sep)), key[sep + 1] === "1");
}, SAFE_TEXT_MEMO_MAX);

/**
 * Display form of an untrusted string: cleaned, flagged, cut to `maxGraphemes`. Pure and memoised (bounded),
 * so rows that re-render on every tick cost a lookup. Non-strings yield empty text.
 */
export function safeText(raw: unknown, opts: SafeTextOptions = {}): SafeText {
  const max = Math.max(
    2,
    Math.min(MAX_FULL_GRAPHEMES, Math.trunc(opts.maxGraphemes ?? DEFAULT_MAX_GRAPHEMES) || DEFAULT_MAX_GRAPHEMES),
  );
  if (typeof raw !== "string") return analyze("", max, false);
  const long = raw.length > MAX_INPUT_UNITS;
  return memo(`${max}:${long ? 1 : 0}:${long ? cutInput(raw) : raw}`);
}

export function safeTextMemoSize(): number {
  return memo.size();
}

/** Title attribute text: the full name when cut, then one line per warning. Undefined when there is nothing to say. */
export function safeTextTitle(r: SafeText): string | undefined {
  const lines = [...(r.flags.truncated ? [r.full] : []), ...r.warnings];
  return lines.length ? lines.join("\n") : undefined;
}
