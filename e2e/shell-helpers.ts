import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { simScenario } from "./sim";
import { holdStreamInPage } from "./page-socket";

// Helpers shared by the shell's specs (search, watchlist, security, a11y).

export interface TokenRef {
  chain: string;
  address: string;
  pool?: string;
}

interface Launched {
  chain: string;
  address: string;
  pool?: string;
}

/** A fresh launch on the embedded market, with its name and symbol as the API reports them. */
export async function launchToken(request: APIRequestContext, chain = "evm:8453") {
  const answer = await simScenario<{ data?: Launched } & Launched>({ action: "launch", chain });
  const launched = answer.data ?? answer;
  const res = await request.get(
    `/api/v1/token?chain=${encodeURIComponent(launched.chain)}&address=${launched.address}`,
  );
  if (!res.ok()) throw new Error(`token lookup failed: ${res.status()} ${await res.text()}`);
  const { data } = await res.json();
  return {
    chain: launched.chain,
    address: launched.address,
    pool: launched.pool ?? data.pool?.address,
    name: data.name as string,
    symbol: data.symbol as string,
  };
}

/** A token already in search with a plain ASCII symbol: the first hit for a common letter. */
export async function searchableToken(request: APIRequestContext, q = "a", chain?: string, notSymbol?: string) {
  const res = await request.get(
    `/api/v1/search?q=${encodeURIComponent(q)}&limit=20${chain ? `&chain=${encodeURIComponent(chain)}` : ""}`,
  );
  const body = await res.json();
  if (!res.ok()) throw new Error(`search "${q}" → ${res.status()}: ${JSON.stringify(body).slice(0, 200)}`);
  const { data } = body;
  const hit = (
    data as { chain: string; address: string; symbol: string; name: string; pool: { address: string } }[]
  ).find((r) => /^[A-Za-z0-9]{2,12}$/.test(r.symbol) && r.symbol !== notSymbol);
  if (!hit) throw new Error(`no plain token found for "${q}"`);
  return hit;
}

/** Records CSP violations (event and console) from the first script on. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (m) => {
    const t = m.text();
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(t)) fromConsole.push(t);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

export function tokenPath(t: TokenRef): string {
  return `/token/${encodeURIComponent(t.chain)}/${t.address}`;
}

/** A token launched now whose name carries an HTML payload (`<img … onerror=…>`), through the market's control API. */
export async function hostileToken(request: APIRequestContext): Promise<TokenRef> {
  const { data: launched } = await simScenario<{ data: TokenRef }>({
    action: "launch",
    chain: "solana",
    hostile: "html-name",
  });
  // Wait until the proxy can answer for it (the token is indexed at once; the search cache is short).
  await expect
    .poll(async () => (await request.get(`/api/v1/token?chain=solana&address=${launched.address}`)).status())
    .toBe(200);
  return launched;
}

/** The palette's text field (the chain select is a combobox too). */
export function searchField(page: Page): Locator {
  return page.getByRole("combobox", { name: /^Search by name/ });
}

/** The palette's result rows (the chain select has <option>s too). */
export function resultOptions(page: Page): Locator {
  return page.getByRole("listbox", { name: "Results" }).getByRole("option");
}

/**
 * Waits until the shell has hydrated (`html[data-shell=ready]`): keyboard shortcuts are live, and a control changed
 * from now on stays changed (one changed before would be reset to React's state).
 */
export async function waitForShell(page: Page, timeout?: number): Promise<void> {
  await page.locator("html[data-shell=ready]").waitFor({ state: "attached", timeout });
}

/** Opens a page and waits until the shell has hydrated. */
export async function openShell(page: Page, path = "/watchlist"): Promise<void> {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await waitForShell(page, 20_000);
}

/**
 * Holds the page's live stream at "connecting" (the socket opens to a silent stand-in). For axe only: it needs a DOM
 * that stands still for a moment, and live ticks change values and flash tints, not structure.
 */
export async function freezeStream(page: Page): Promise<void> {
  await holdStreamInPage(page);
  await page.routeWebSocket(/\/api\/stream/, () => {});
}
