// Script mixing and look-alike detection for display names (after UTS #39, kept small).

// Letters of other scripts that render like ASCII letters.
const LOOKALIKE_PAIRS =
  // Cyrillic
  "аaеeоoрpсcуyхxѕsіiјjԁdһhԛqԝwӏlүyѵvАAВBЕEКKМMНHОOРPСCТTХXЅSІIЈJҮYԚQԜWӀIѴV" +
  // Greek
  "ΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧXοoνvιiαaρpυuϲcϹCϳjκk" +
  // Armenian
  "օoսuցgհhոnՏSՕOՍU" +
  // Cherokee
  "ᎪAᏴBᏟCᎬEᏀGᎻHᎫJᏦKᏞLᎷMᏢPᏚSᎢTᏙVᏔWᏃZᎠD" +
  // Lisu
  "ꓮAꓐBꓚCꓓDꓰEꓝFꓖGꓧHꓲIꓙJꓗKꓡLꓟMꓠNꓳOꓑPꓣRꓢSꓔTꓴUꓦVꓪWꓫXꓬYꓜZ" +
  // Latin letters that pass for plain ones
  "ıiȷjɑaɡgǀlɩi" +
  // Latin small capitals (ᴘᴇᴘᴇ reads as PEPE)
  "ᴀAʙBᴄCᴅDᴇEꜰFɢGʜHɪIᴊJᴋKʟLᴍMɴNᴏOᴘPʀRꜱSᴛTᴜUᴠVᴡWʏYᴢZ";

const LOOKALIKES = new Map<string, string>();
for (let i = 0; i < LOOKALIKE_PAIRS.length; i += 2) LOOKALIKES.set(LOOKALIKE_PAIRS[i], LOOKALIKE_PAIRS[i + 1]);

const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Cherokee",
  "Lisu",
  "Han",
  "Hiragana",
  "Katakana",
  "Hangul",
  "Bopomofo",
  "Arabic",
  "Hebrew",
  "Thai",
  "Devanagari",
  "Bengali",
  "Tamil",
  "Georgian",
  "Ethiopic",
] as const;
const SCRIPT_RES = SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, "u")] as const);
const LETTER_RE = /^\p{L}$/u;
/** Scripts whose letters double as Latin ones: never fine inside a Latin word (UTS #39 moderately restrictive). */
const LOOKALIKE_SCRIPTS = new Set(["Cyrillic", "Greek", "Armenian", "Cherokee", "Lisu"]);
const CJK = new Set(["Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"]);
// Superscripts and ordinals fold to digits under NFKC but are ordinary in names ("x²").
const COMPAT_EXEMPT_RE = /[\u00AA\u00B2\u00B3\u00B9\u00BA\u02B0-\u02B8\u1D2C-\u1D6A\u2070-\u209F]/u;
const ASCII_ALNUM_RE = /^[A-Za-z0-9]+$/;

export function scriptOf(ch: string): string | null {
  if (!LETTER_RE.test(ch)) return null;
  for (const [name, re] of SCRIPT_RES) if (re.test(ch)) return name;
  return "Other";
}

/** A non-ASCII character that NFKC folds to ASCII letters/digits: fullwidth Ｐ, math 𝐏, circled Ⓟ, ℍ, K (Kelvin). */
function compatAscii(ch: string): string | null {
  if (ch.charCodeAt(0) < 0x80 || COMPAT_EXEMPT_RE.test(ch)) return null;
  const k = ch.normalize("NFKC");
  return k !== ch && ASCII_ALNUM_RE.test(k) ? k : null;
}

function mixedScripts(scripts: Set<string>): boolean {
  if (scripts.size <= 1) return false;
  const others = [...scripts].filter((s) => s !== "Latin");
  if (others.every((s) => CJK.has(s))) {
    // Japanese, Chinese and Korean mix scripts by design; but never kana with hangul or bopomofo.
    const families = [
      others.some((s) => s === "Hiragana" || s === "Katakana"),
      others.includes("Hangul"),
      others.includes("Bopomofo"),
    ];
    return families.filter(Boolean).length > 1;
  }
  return !(scripts.has("Latin") && others.length === 1 && !LOOKALIKE_SCRIPTS.has(others[0]));
}

export interface ScriptReport {
  /** Some word mixes scripts that should not meet inside one word (Latin + Cyrillic…). */
  mixedScript: boolean;
  /** Some word uses characters that imitate ASCII (fullwidth, math letters, Cyrillic "а" in a Latin word…). */
  confusable: boolean;
  /** What the text reads as, in ASCII, when it is confusable: "РЕРЕ" → "PEPE". */
  lookalike: string | null;
  /** Scripts of the letters, in order of appearance. */
  scripts: string[];
}

export function analyzeScripts(text: string): ScriptReport {
  const all = new Set<string>();
  let mixed = false;
  let confusable = false;
  const skeleton: string[] = [];
  for (const word of text.split(" ")) {
    const scripts = new Set<string>();
    let hasAscii = false;
    let lookalikeCount = 0;
    let letters = 0;
    let wordSkeleton = "";
    let wordConfusable = false;
    for (const ch of word) {
      const compat = compatAscii(ch);
      const alike = LOOKALIKES.get(ch);
      wordSkeleton += compat ?? alike ?? ch;
      if (compat) wordConfusable = true;
      const sc = scriptOf(ch);
      if (!sc) continue;
      letters++;
      if (!compat) scripts.add(sc);
      all.add(sc);
      if (ch.charCodeAt(0) < 0x80) hasAscii = true;
      else if (alike) lookalikeCount++;
    }
    // A look-alike inside a Latin word, or a word made only of look-alikes ("РЕРЕ"), imitates ASCII.
    if (lookalikeCount > 0 && (hasAscii || lookalikeCount === letters)) wordConfusable = true;
    if (mixedScripts(scripts)) mixed = true;
    if (wordConfusable) confusable = true;
    skeleton.push(wordSkeleton);
  }
  return { mixedScript: mixed, confusable, lookalike: confusable ? skeleton.join(" ") : null, scripts: [...all] };
}
