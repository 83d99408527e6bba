import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../chromium";
import { trapDialogs } from "../dialog-trap";
import { settle, trackRequests } from "../network-quiet";
import type { System } from "./harness";
import { check, notable } from "./util";

// Tokens whose names, symbols and links were written by an attacker, opened in a real browser: no script runs, every
// link is https (or this site's own), and hidden or direction-changing characters are flagged, never rendered.

const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const SENTINEL = "__systemXss";
/** Hostile patterns launched for the check (names, links, hidden and direction-changing characters, lookalikes). */
const KINDS = ["html-name", "script-url", "data-url", "bidi", "zero-width", "lookalike"] as const;

interface Launch {
  chain: string;
  address: string;
  name: string;
  symbol: string;
}

export async function hostileMetadata(sys: System): Promise<string> {
  const n = await notable(sys);
  const res = await fetch(
    `${sys.appUrl}/api/v1/pulse?view=new&chains=solana,evm:8453,evm:56,evm:1,evm:42161&limit=100`,
  );
  const launches = (await res.json()).data as Launch[];
  const isHostile = (t: Launch) =>
    /[<>"]/.test(t.name + t.symbol) || HIDDEN.test(t.name + t.symbol) || /[\u0400-\u04ff]/.test(t.symbol);
  // The market's own hostile launches come by chance (the newest 100 may hold none): the check launches one of each
  // kind it judges through the market's control API, then adds the market's named one and any on the board.
  const launched: Launch[] = [];
  for (const [i, hostile] of KINDS.entries()) {
    const chain = i % 2 ? "evm:8453" : "solana";
    launched.push(
      (await sys.sim<{ data: Launch }>("POST", "/__control/scenario", { action: "launch", chain, hostile })).data,
    );
  }
  const picked = [...launched, n.hostileToken as Launch, ...launches.filter(isHostile)]
    .filter((t, i, all) => all.findIndex((u) => u.address === t.address) === i)
    .slice(0, KINDS.length + 3);

  const browser = await chromium.launch(chromiumLaunchOptions(["--no-first-run"]));
  const problems: string[] = [];
  let links = 0;
  let flagged = 0;
  try {
    const page = await browser.newPage();
    trackRequests(page);
    const dialogs = await trapDialogs(page, SENTINEL, ["alert", "confirm", "prompt", "print"]);
    for (const t of picked) {
      const path = `/token/${encodeURIComponent(t.chain)}/${t.address}`;
      await page.goto(`${sys.appUrl}${path}`, { waitUntil: "domcontentloaded" });
      await settle(page);
      const found = await page.evaluate(
        ({ k, hidden }) => {
          const re = new RegExp(hidden);
          const hrefs = [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? "");
          const handlers = [...document.querySelectorAll("*")].flatMap((el) =>
            [...el.attributes]
              .filter((a) => a.name.toLowerCase().startsWith("on"))
              .map((a) => `${el.tagName} ${a.name}`),
          );
          const texts = [...document.querySelectorAll("bdi")].map((b) => b.textContent ?? "").filter((s) => re.test(s));
          return {
            ran: (window as unknown as Record<string, unknown>)[k] === 1,
            hrefs,
            handlers,
            texts,
            warnings: document.querySelectorAll('[role="img"][aria-label^="Warning:"]').length,
          };
        },
        { k: SENTINEL, hidden: HIDDEN.source },
      );
      links += found.hrefs.length;
      const verdict = hostilePageProblems(path, found, t);
      problems.push(...verdict.problems);
      if (verdict.flagged) flagged++;
    }
    if (dialogs()) problems.push(`${dialogs()} dialogs opened`);
  } finally {
    await browser.close();
  }
  check(problems.length === 0, problems.join("; "));
  return `${picked.length} hostile tokens opened in Chromium: 0 scripts run, 0 dialogs, ${links} links all https or same-site, ${flagged} hidden/lookalike names flagged`;
}

/** What the check sees on one token page (read in the browser). */
export interface HostilePage {
  ran: boolean;
  hrefs: string[];
  handlers: string[];
  texts: string[];
  warnings: number;
}

/** The check's verdict on one page: a script ran, inline handlers, unsafe links, hidden characters shown or unflagged. */
export function hostilePageProblems(
  path: string,
  found: HostilePage,
  t: { name: string; symbol: string },
): { problems: string[]; flagged: boolean } {
  const problems: string[] = [];
  if (found.ran) problems.push(`${path}: a script ran`);
  if (found.handlers.length) problems.push(`${path}: inline handlers ${found.handlers.slice(0, 3).join(", ")}`);
  const unsafe = found.hrefs.filter(
    (h) => !(h.startsWith("/") && !h.startsWith("//")) && !h.startsWith("https://") && !h.startsWith("#"),
  );
  if (unsafe.length) problems.push(`${path}: non-https links ${unsafe.slice(0, 3).join(", ")}`);
  if (found.texts.length) problems.push(`${path}: hidden characters rendered in ${JSON.stringify(found.texts[0])}`);
  let flagged = false;
  if (HIDDEN.test(t.name + t.symbol) || /[\u0400-\u04ff]/.test(t.symbol)) {
    if (found.warnings === 0) problems.push(`${path}: ${JSON.stringify(t.symbol)} is not flagged`);
    else flagged = true;
  }
  return { problems, flagged };
}
