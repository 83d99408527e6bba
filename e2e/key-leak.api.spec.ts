import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";

// The upstream key never leaves the server: not in pages, API answers or headers, nor in the build output (JS, source
// maps, HTML, RSC payloads). The test server runs the embedded market with a known sentinel key, SIM_KEY.

// playwright.config.ts always sets SIM_KEY (a fixed sentinel unless overridden) and starts the server with it.
const KEY = process.env.SIM_KEY ?? "";
const NEXT_DIR = join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");

test("the sentinel key is set, so the checks below look for something", () => {
  expect(KEY.length).toBeGreaterThanOrEqual(16);
});
// Pages render on a shared, loaded machine: give each test room.
test.describe.configure({ timeout: 90_000 });

const PATHS = [
  "/",
  "/api/health",
  "/api/usage",
  "/api/metrics",
  "/api/v1/meta/chains",
  "/api/v1/prices/native",
  "/api/v1/pulse?view=new&chains=solana&limit=5",
  "/api/v1/search?q=a",
  "/api/v1/search",
  "/api/v1/nope",
  "/api/v1/token?chain=evm:1&address=0x0000000000000000000000000000000000000001",
  "/does-not-exist",
];

test("no response body or header carries the key", async ({ request }) => {
  for (const path of PATHS) {
    const res = await request.get(path);
    const headers = JSON.stringify(res.headers());
    const body = await res.text();
    expect(headers, path).not.toContain(KEY);
    expect(body, path).not.toContain(KEY);
  }
  const post = await request.post("/api/v1/wallet/profile", {
    data: { items: [{ address: "0x0000000000000000000000000000000000000002" }] },
  });
  expect(await post.text()).not.toContain(KEY);
});

function* files(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === "cache" || name === "dev") continue; // build caches and dev output are not served
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) yield* files(path);
    else if (st.size < 50 * 1024 * 1024) yield path;
  }
}

test("the build output (JS, source maps, HTML, RSC payloads, manifests) does not contain the key", () => {
  let scanned = 0;
  const leaks: string[] = [];
  for (const path of files(NEXT_DIR)) {
    scanned++;
    if (readFileSync(path).includes(KEY)) leaks.push(path);
  }
  expect(leaks).toEqual([]);
  expect(scanned).toBeGreaterThan(10);
});
