import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  HOSTILE_IMAGE_CASES,
  HOSTILE_TEXT_CASES,
  HOSTILE_TOKEN_METADATA,
  HOSTILE_URL_CASES,
  XSS_SENTINEL,
} from "@/lib/format/testing/hostile-corpus";
import { Address } from "./address";
import { ExternalLink } from "./external-link";
import { SafeText } from "./safe-text";
import { TokenIcon } from "./token-icon";

const html = (el: React.ReactElement) => renderToStaticMarkup(el);
const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
// Real tags in the output (escaped text has &lt; and never matches): none may run script or load a non-https URL.
const FORBIDDEN_TAGS = new Set(["script", "iframe", "object", "embed", "style", "link", "meta", "base", "form"]);
function liveMarkupProblems(out: string): string[] {
  const problems: string[] = [];
  for (const [, tag, attrs] of out.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (FORBIDDEN_TAGS.has(tag.toLowerCase())) problems.push(`<${tag}>`);
    for (const [, name, value] of attrs.matchAll(/\s([\w:-]+)="([^"]*)"/g)) {
      if (/^on/i.test(name)) problems.push(`${tag} ${name}`);
      if (/^(href|src|xlink:href|action|formaction)$/i.test(name) && !value.startsWith("https://"))
        problems.push(`${tag} ${name}=${value}`);
    }
  }
  return problems;
}

describe("the markup checker", () => {
  it("sees real tags and handlers, not escaped text", () => {
    expect(liveMarkupProblems('<img src="x" onerror="a()">')).toEqual(["img src=x", "img onerror"]);
    expect(liveMarkupProblems("<span>&lt;script&gt; onerror=1</span>")).toEqual([]);
    expect(liveMarkupProblems('<script>x</script><a href="javascript:x">')).toEqual([
      "<script>",
      "a href=javascript:x",
    ]);
  });
});

describe("ExternalLink", () => {
  it("renders no <a> for javascript: and shows the text plainly", () => {
    // biome-ignore lint/security/noScriptUrl: the hostile input under test
    const out = html(<ExternalLink href="javascript:alert(1)">Website</ExternalLink>);
    expect(out).not.toContain("<a");
    expect(out).toContain("Website");
    expect(out).toContain("not a safe https address");
  });

  it("links safe URLs normalised, in a new tab, without opener or referrer", () => {
    const out = html(<ExternalLink href="https://пример.рф/docs" />);
    expect(out).toContain('href="https://xn--e1afmkfd.xn--p1ai/docs"');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).toContain('referrerPolicy="no-referrer"');
    expect(out).toContain(">xn--e1afmkfd.xn--p1ai/docs<");
  });

  it.each(HOSTILE_URL_CASES.map((c) => [c.note, c] as const))("corpus: %s", (_n, c) => {
    const out = html(<ExternalLink href={c.raw}>link</ExternalLink>);
    if (c.expect === null) expect(out).not.toContain("<a");
    else expect(out).toContain(`href="${escapeAttr(c.expect)}"`);
  });
});

describe("SafeText", () => {
  it("escapes markup: an <img onerror> name is text", () => {
    const out = html(<SafeText value={`<img src=x onerror="window.${XSS_SENTINEL}=1">`} max={200} />);
    expect(out).toContain("&lt;img src=x onerror=");
    expect(out).not.toContain("<img");
    expect(liveMarkupProblems(out)).toEqual([]);
  });

  it("marks hidden direction characters with an explained ⚠", () => {
    const out = html(<SafeText value={"Pe\u202Epe"} />);
    expect(out).toContain("<bdi");
    expect(out).toContain(">Pepe</bdi>");
    expect(out).toContain('role="img"');
    expect(out).toContain("Contains hidden direction characters");
    expect(out).not.toContain("\u202E");
  });

  it("marks mixed scripts and names what they imitate", () => {
    const out = html(<SafeText value={"P\u0435pe"} />);
    expect(out).toContain("Mixes alphabets in one word");
    expect(out).toContain("reads as “Pepe”");
  });

  it("cuts long names with the full name in the title", () => {
    const name = "An Extremely Long Token Name For Testing";
    const out = html(<SafeText value={name} max={10} />);
    expect(out).toContain(">An Extrem…</bdi>");
    expect(out).toContain(`title="${name}"`);
  });

  it("shows a fallback for names with nothing visible", () => {
    expect(html(<SafeText value={"\u200B\u200B"} />)).toContain("Unnamed");
    expect(html(<SafeText value={null} fallback="No symbol" />)).toContain("No symbol");
  });

  it.each(HOSTILE_TEXT_CASES.map((c) => [c.note, c] as const))("corpus: %s", (_n, c) => {
    const out = html(<SafeText value={c.raw} max={c.maxGraphemes ?? 32} />);
    expect(liveMarkupProblems(out)).toEqual([]);
    expect(out).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F\uFEFF\u0000-\u0008]/u);
  });
});

describe("TokenIcon", () => {
  it("falls back to the generated avatar for unsafe or SVG icons", () => {
    for (const c of [...HOSTILE_IMAGE_CASES, ...HOSTILE_URL_CASES]) {
      const out = html(<TokenIcon src={c.raw} seed="0xabc" />);
      if (c.expect === null) {
        expect(out).not.toContain("<img");
        expect(out).toContain("<svg");
      } else expect(out).toContain(`src="${escapeAttr(`/api/image?url=${encodeURIComponent(c.expect)}`)}"`);
    }
  });

  it("loads safe icons through this site's image route, at a fixed size with no referrer", () => {
    const out = html(<TokenIcon src="https://cdn.example.com/a.png" seed="0xabc" size={32} />);
    expect(out).toMatch(/<img[^>]*src="\/api\/image\?url=https%3A%2F%2Fcdn.example.com%2Fa.png"/);
    expect(out).not.toContain('src="https:');
    expect(out).toContain('width="32"');
    expect(out).toContain('height="32"');
    expect(out).toContain('referrerPolicy="no-referrer"');
    expect(out).toContain('loading="lazy"');
    expect(out).not.toContain("fetchPriority");
  });

  it("loads an icon above the fold at once, with high priority", () => {
    const out = html(<TokenIcon src="https://cdn.example.com/a.png" seed="0xabc" size={52} priority />);
    expect(out).toContain('loading="eager"');
    expect(out).toMatch(/fetchPriority="high"/i);
  });

  it("loads an icon on the rest of the first screen from the HTML, at the usual priority", () => {
    const out = html(<TokenIcon src="https://cdn.example.com/a.png" seed="0xabc" size={52} priority="eager" />);
    expect(out).toContain('loading="eager"');
    expect(out).not.toMatch(/fetchPriority/i);
  });
});

describe("a whole hostile token renders inert", () => {
  it("name, symbol, icon and links", () => {
    const m = HOSTILE_TOKEN_METADATA;
    const out = html(
      <div>
        <TokenIcon src={m.iconUrl} seed="0xabc" />
        <SafeText value={m.name} max={64} />
        <SafeText value={m.symbol} max={12} />
        <ExternalLink href={m.websiteUrl}>Website</ExternalLink>
        <ExternalLink href={m.twitterUrl}>X</ExternalLink>
        <ExternalLink href={m.telegramUrl}>Telegram</ExternalLink>
        <SafeText value={m.description} max={256} />
        <Address address={m.name} />
      </div>,
    );
    expect(liveMarkupProblems(out)).toEqual([]);
    expect(out).not.toContain("<a");
    expect(out.match(/role="img" aria-label="Warning/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
