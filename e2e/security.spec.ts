import type { Page } from "@playwright/test";
import { XSS_SENTINEL } from "@/lib/format/testing/hostile-corpus";
import { trapDialogs } from "../test/dialog-trap";
import { expect, test } from "./fixtures";
import { settle } from "../test/network-quiet";
import {
  hostileToken,
  launchToken,
  openShell,
  resultOptions,
  searchField,
  tokenPath,
  watchCsp,
} from "./shell-helpers";

test.describe.configure({ timeout: 90_000 });

// CSP with a per-request script nonce, the companion headers, and proof that hostile token metadata runs nothing.

/** Elements carrying an on* attribute: what a successful HTML injection leaves behind. */
async function inlineHandlers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.toLowerCase().startsWith("on")).map((a) => `${el.tagName} ${a.name}`),
    ),
  );
}

const NONCE_RE = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/;

async function pages(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const token = await launchToken(request);
  const wallet = "0x000000000000000000000000000000000000dead";
  return [
    "/",
    "/pulse",
    "/watchlist",
    tokenPath(token),
    `/wallet/${wallet}`,
    "/no-such-page",
    "/token/evm:1/not-an-address",
  ];
}

test("every page carries a nonce CSP and the security headers; nonces are fresh and match the scripts", async ({
  request,
}) => {
  const seen = new Set<string>();
  for (const path of await pages(request)) {
    const res = await request.get(path);
    const h = res.headers();
    const csp = h["content-security-policy"] ?? "";
    const nonce = NONCE_RE.exec(csp)?.[1];
    expect(nonce, `${path}: ${csp}`).toBeTruthy();
    expect(seen.has(nonce as string), `${path}: nonce reused`).toBe(false);
    seen.add(nonce as string);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("'unsafe-eval'");
    for (const d of [
      "object-src 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "img-src 'self'",
    ])
      expect(csp, path).toContain(d);
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"]).toContain("camera=()");
    // Every script tag Next wrote carries this response's nonce; no inline handler attributes anywhere.
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const s of scripts) expect(s, path).toContain(`nonce="${nonce}"`);
  }
});

test("a spoofed Host or internal Next headers change nothing", async ({ request }) => {
  const spoofs: Record<string, string>[] = [
    { host: "evil.example" },
    { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
    { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
    { "x-middleware-subrequest": "src/proxy:src/proxy:src/proxy:src/proxy:src/proxy" },
    { "x-nonce": "AAAAAAAAAAAAAAAAAAAAAAAA", "content-security-policy": "script-src *" },
    { "next-router-prefetch": "1", purpose: "prefetch", "x-middleware-prefetch": "1" },
    { "x-invoke-path": "/api/metrics", "x-matched-path": "/api/metrics", "x-now-route-matches": "1" },
  ];
  for (const headers of spoofs) {
    const res = await request.get("/watchlist", { headers, maxRedirects: 0 });
    const label = JSON.stringify(headers);
    expect(res.status(), label).toBe(200);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, label).toMatch(NONCE_RE);
    expect(csp).not.toContain("AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(csp).not.toContain("evil.example");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    const html = await res.text();
    expect(html, label).not.toContain("evil.example");
    expect(html, label).toContain("Watchlist");
  }
});

test("no CSP violations on any page, the live stream included", async ({ page, request, pageErrors }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  for (const path of await pages(request)) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await settle(page);
    expect(await inlineHandlers(page), path).toEqual([]);
  }
  // The stream socket is same-origin ws: allowed by connect-src 'self'.
  await openShell(page);
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await page.keyboard.press("/");
  await searchField(page).fill("ab");
  await settle(page);
  expect(await violations()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("injected markup cannot run script: inline handlers and parser-inserted scripts are refused", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/watchlist");
  // What an HTML injection would produce ('strict-dynamic' trusts only scripts our nonce'd code creates itself).
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img src="data:," onerror="window.__injected = 1" alt="">`);
    const frame = document.createElement("iframe");
    frame.srcdoc = "<script>parent.__injected = 2</script>";
    document.body.append(frame);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect((await violations()).some((v) => v.startsWith("script-src") || v.startsWith("frame-src"))).toBe(true);
});

test("a token with hostile metadata renders inert: no script runs, no dialog opens", async ({
  page,
  request,
  pageErrors,
}) => {
  const hostile = await hostileToken(request);
  // Any dialog-opening payload flips the sentinel too.
  const dialogs = await trapDialogs(page, XSS_SENTINEL, ["alert", "confirm", "prompt"]);
  const violations = await watchCsp(page);
  await openShell(page, tokenPath(hostile));
  await settle(page);
  expect(await inlineHandlers(page)).toEqual([]);
  // Search shows the same hostile rows; star it and view it on the watchlist too.
  await page.keyboard.press("/");
  await searchField(page).fill(hostile.address);
  await expect(resultOptions(page).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.evaluate(
    ({ key, item }) => localStorage.setItem(key, JSON.stringify({ state: { items: [item] }, version: 1 })),
    { key: "tradescope.watchlist", item: { chain: hostile.chain, address: hostile.address, addedAt: Date.now() } },
  );
  await page.goto("/watchlist");
  const row = page.getByTestId("watch-row");
  await expect(row).toHaveCount(1);
  await settle(page);
  // The markup in the name is shown as text, never parsed.
  await expect(row).toContainText("<img");
  expect(await inlineHandlers(page)).toEqual([]);
  expect(await page.evaluate((k) => (window as unknown as Record<string, unknown>)[k], XSS_SENTINEL)).toBeUndefined();
  expect(dialogs()).toBe(0);
  expect(
    await page
      .locator("a[href^='javascript:'], a[href^='data:'], a[href^='vbscript:'], img[src^='javascript:']")
      .count(),
  ).toBe(0);
  expect(pageErrors).toEqual([]);
  // Violations here would mean the page tried to run something; it must not even try.
  expect((await violations()).filter((v) => v.includes("script"))).toEqual([]);
});
