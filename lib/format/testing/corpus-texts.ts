import { type TextCase, XSS_SENTINEL } from "./corpus-types";

const hex = (c: string) => `U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;

/** "Pe<c>pe" for each hidden character: it must vanish and set the flag. */
function inserted(chars: string[], flag: TextCase["flags"], what: string, text = "Pepe"): TextCase[] {
  return chars.map((c) => ({ raw: `Pe${c}pe`, text, flags: flag, note: `${what} ${hex(c)}` }));
}

const BIDI = inserted(
  [
    "\u202A",
    "\u202B",
    "\u202C",
    "\u202D",
    "\u202E",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200E",
    "\u200F",
    "\u061C",
  ],
  { bidi: true },
  "bidi control",
);

const INVISIBLE = inserted(
  [
    "\u200B",
    "\u200C",
    "\u200D",
    "\u2060",
    "\uFEFF",
    "\u00AD",
    "\u034F",
    "\u180E",
    "\u2061",
    "\u2062",
    "\u2063",
    "\u2064",
    "\u115F",
    "\u1160",
    "\u3164",
    "\uFFA0",
    "\u17B4",
    "\u17B5",
    "\u2800",
    "\u{1D173}",
    "\u{E0041}",
    "\u{E0100}",
  ],
  { zeroWidth: true },
  "invisible",
);

const CONTROL = inserted(
  [
    "\u0000",
    "\u0001",
    "\u0007",
    "\u0008",
    "\u001B",
    "\u007F",
    "\u0080",
    "\u009B",
    "\u009F",
    "\u206A",
    "\u206F",
    "\uFFF9",
    "\uFFFB",
    "\u0600",
    "\u06DD",
    "\u{110BD}",
    "\u{1BCA0}",
    "\uD800",
  ],
  { control: true },
  "control/format",
);

const BREAKS = inserted(
  ["\n", "\r\n", "\t", "\u000B", "\u000C", "\u0085", "\u2028", "\u2029"],
  { control: true },
  "line break",
  "Pe pe",
);

const SCRIPTS: TextCase[] = [
  {
    raw: "P\u0435pe",
    text: "P\u0435pe",
    flags: { mixedScript: true, confusable: true },
    lookalike: "Pepe",
    note: "Cyrillic e in a Latin word",
  },
  { raw: "\u0420\u0415\u0420\u0415", flags: { confusable: true }, lookalike: "PEPE", note: "all-Cyrillic PEPE" },
  { raw: "\u0392\u039F\u039D\u039A", flags: { confusable: true }, lookalike: "BONK", note: "all-Greek BONK" },
  { raw: "\uFF30\uFF25\uFF30\uFF25", flags: { confusable: true }, lookalike: "PEPE", note: "fullwidth PEPE" },
  {
    raw: "\u{1D40F}\u{1D404}\u{1D40F}\u{1D404}",
    flags: { confusable: true },
    lookalike: "PEPE",
    note: "math bold PEPE",
  },
  { raw: "\u24C5\u24BA\u24C5\u24BA", flags: { confusable: true }, lookalike: "PEPE", note: "circled PEPE" },
  { raw: "\u212Aing", text: "King", flags: {}, note: "Kelvin sign folds to K under NFC" },
  {
    raw: "USD\u0421",
    flags: { mixedScript: true, confusable: true },
    lookalike: "USDC",
    note: "Cyrillic C ending USDC",
  },
  { raw: "\u0455olana", flags: { mixedScript: true, confusable: true }, lookalike: "solana", note: "Cyrillic dze" },
  { raw: "\u0131nu", flags: { confusable: true }, lookalike: "inu", note: "dotless i" },
  { raw: "\uA4D1\uA4F0\uA4D1\uA4F0", flags: { confusable: true }, lookalike: "PEPE", note: "Lisu PEPE" },
  { raw: "\u13A2\u13AA\u13C0", flags: { confusable: true }, lookalike: "TAG", note: "Cherokee TAG" },
  { raw: "\u1D18\u1D07\u1D18\u1D07", flags: { confusable: true }, lookalike: "PEPE", note: "small-capital PEPE" },
  { raw: "\u0262\u1D0F", flags: { confusable: true }, lookalike: "GO", note: "small-capital GO" },
  { raw: "g\u0585ld", flags: { mixedScript: true, confusable: true }, lookalike: "gold", note: "Armenian o" },
  { raw: "Pepe\u0391", flags: { mixedScript: true, confusable: true }, note: "Greek capital alpha tail" },
  { raw: "Doge \u0434\u043E\u0433", flags: {}, note: "Latin word and Cyrillic word side by side" },
  { raw: "Dog\u0434", flags: { mixedScript: true }, note: "Cyrillic de (no look-alike) inside a Latin word" },
  { raw: "\u30DA\u30DA\u5E01", flags: {}, note: "katakana with kanji" },
  { raw: "\u30DA\ud55c", flags: { mixedScript: true }, note: "katakana with hangul in one word" },
  { raw: "Pepe\u5E01", flags: {}, note: "Latin with Han" },
  { raw: "\u0421\u043E\u0431\u0430\u043A\u0430", flags: {}, note: "Russian word with some look-alike letters" },
];

const LEGIT: TextCase[] = [
  { raw: "Pepe", text: "Pepe", flags: {}, note: "plain" },
  { raw: "  Pepe   the   Frog  ", text: "Pepe the Frog", flags: {}, note: "spaces collapsed" },
  { raw: "Pepe\u00A0Coin", text: "Pepe Coin", flags: {}, note: "no-break space becomes a space" },
  {
    raw: "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
    text: "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
    flags: {},
    note: "ZWJ family emoji kept",
  },
  { raw: "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", flags: {}, note: "subdivision flag kept" },
  { raw: "\u2764\uFE0F", text: "\u2764\uFE0F", flags: {}, note: "heart with emoji presentation" },
  { raw: "\u{1F44D}\u{1F3FD}", flags: {}, note: "skin tone" },
  { raw: "1\uFE0F\u20E3", flags: {}, note: "keycap" },
  { raw: "\u{1F1FA}\u{1F1F8}", flags: {}, note: "regional flag" },
  { raw: "\u72D7\u72D7\u5E01", flags: {}, note: "Chinese" },
  { raw: "\uB3C4\uC9C0\uCF54\uC778", flags: {}, note: "Korean" },
  { raw: "\u0395\u03BB\u03BB\u03B7\u03BD\u03B9\u03BA\u03AC", flags: {}, note: "Greek word" },
  { raw: "\u05E2\u05D1\u05E8\u05D9\u05EA", flags: {}, note: "Hebrew" },
  { raw: "\u0627\u0644\u0639\u0631\u0628\u064A\u0629", flags: {}, note: "Arabic" },
  { raw: "Ti\u1EBFng Vi\u1EC7t", flags: {}, note: "Vietnamese stacked diacritics" },
  { raw: "Cafe\u0301", text: "Caf\u00E9", flags: {}, note: "NFC composes" },
  { raw: "x\u00B2", flags: {}, note: "superscript two is ordinary" },
  { raw: "$WIF 2.0 (SOL)", flags: {}, note: "punctuation and digits" },
];

const MARKUP: TextCase[] = [
  `<script>window.${XSS_SENTINEL}=1</script>`,
  `<img src=x onerror="window.${XSS_SENTINEL}=1">`,
  `<svg onload=window.${XSS_SENTINEL}=1>`,
  `"><iframe src=javascript:window.${XSS_SENTINEL}=1>`,
  `{{constructor.constructor('window.${XSS_SENTINEL}=1')()}}`,
  "&lt;b&gt;bold&lt;/b&gt;",
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}",
].map((raw) => ({ raw, text: raw, maxGraphemes: 256, flags: {}, note: "markup stays text" }));

const SIZE: TextCase[] = [
  {
    raw: "A".repeat(40),
    text: `${"A".repeat(31)}…`,
    flags: { truncated: true },
    note: "long name cut to 32 graphemes",
  },
  {
    raw: "\u{1F680}".repeat(50),
    text: `${"\u{1F680}".repeat(31)}…`,
    flags: { truncated: true },
    note: "emoji counted as graphemes",
  },
  { raw: "e\u0301".repeat(40), flags: { truncated: true }, note: "combining sequences counted as one" },
  { raw: "x".repeat(100_000), flags: { truncated: true }, note: "100k characters bounded" },
  {
    raw: `Z${"\u0336".repeat(60)}algo`,
    text: "Z\u0336\u0336\u0336\u0336algo",
    flags: { stackedMarks: true },
    note: "zalgo trimmed to 4 marks",
  },
  { raw: "\u200B\u200B\u200B", text: "", flags: { zeroWidth: true }, note: "nothing visible left" },
  { raw: "", text: "", flags: {}, note: "empty" },
  {
    raw: "Pe\u202Epe\u200B\n",
    text: "Pepe",
    flags: { bidi: true, zeroWidth: true, control: true },
    note: "several at once",
  },
];

export const HOSTILE_TEXT_CASES: readonly TextCase[] = [
  ...BIDI,
  ...INVISIBLE,
  ...CONTROL,
  ...BREAKS,
  ...SCRIPTS,
  ...LEGIT,
  ...MARKUP,
  ...SIZE,
];
