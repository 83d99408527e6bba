import type { System } from "./harness";
import { check, notable, openStream, sleep } from "./util";

// The key never reaches a byte a browser can fetch: pages, JS and CSS chunks (and any source map), RSC payloads,
// headers, error bodies, every /api answer, the stream's frames (each subscription's events and the error answers,
// received while the pages are fetched), and the server's own logs.

/** The key whole, base64, base64url, URL-encoded, and every 10-character piece of it. */
export function needles(key: string): string[] {
  const out = new Set([
    key,
    Buffer.from(key).toString("base64"),
    Buffer.from(key).toString("base64").replace(/=+$/, ""),
    Buffer.from(key).toString("base64url"),
    encodeURIComponent(key),
    encodeURI(key),
    JSON.stringify(key).slice(1, -1),
  ]);
  for (let i = 0; i + 10 <= key.length; i++) out.add(key.slice(i, i + 10));
  return [...out];
}

export function findKey(haystack: string, key: string): string | undefined {
  return needles(key).find((n) => haystack.includes(n));
}

export async function keySecrecy(sys: System): Promise<string> {
  const n = await notable(sys);
  const leaks: string[] = [];
  let scanned = 0;
  let bytes = 0;
  const scan = (where: string, text: string) => {
    scanned++;
    bytes += text.length;
    const hit = findKey(text, sys.key);
    if (hit) leaks.push(`${where} (${hit === sys.key ? "whole key" : "encoded or partial key"})`);
  };
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${sys.appUrl}${path}`, { ...init, redirect: "manual" });
    const body = await res.text();
    scan(`${init?.method ?? "GET"} ${path} headers`, JSON.stringify([...res.headers]));
    scan(`${init?.method ?? "GET"} ${path} body`, body);
    return { res, body };
  };

  // Stream frames for 30 s, while the pages and APIs are fetched.
  const stream = openStream(sys);
  await stream.opened;
  const t = n.establishedToken;
  stream.send({
    type: "subscribe",
    id: "p1",
    channel: "pulse",
    params: { view: "new", chains: ["solana", "evm:8453"] },
  });
  stream.send({ type: "subscribe", id: "t1", channel: "trades", params: { chain: t.chain, address: t.address } });
  stream.send({
    type: "subscribe",
    id: "u1",
    channel: "token-updates",
    params: { chain: t.chain, address: t.address },
  });
  stream.send({
    type: "subscribe",
    id: "c1",
    channel: "ohlcv",
    params: { chain: t.chain, address: t.address, interval: "1s" },
  });
  stream.send({ type: "subscribe", id: "bad", channel: "nope", params: {} });
  stream.send("not json");

  const tok = (x: { chain: string; address: string }) => `/token/${encodeURIComponent(x.chain)}/${x.address}`;
  const pages = [
    "/",
    "/pulse",
    "/watchlist",
    tok(n.establishedToken),
    tok(n.baseToken),
    tok(n.hostileToken),
    `/wallet/${n.evmWallet.address}?chain=${n.evmWallet.chain}`,
    `/wallet/${n.solanaWallet.address}`,
    "/token/solana/not-an-address",
    "/wallet/nope",
    "/no-such-page",
    `${tok(n.establishedToken)}/opengraph-image`,
  ];
  const assets = new Set<string>();
  for (const page of pages) {
    const { body } = await get(page);
    for (const m of body.matchAll(/\/_next\/static\/[A-Za-z0-9_\-./~]+?\.(?:js|css)/g)) assets.add(m[0]);
    // The RSC payload of a client-side navigation to the same page.
    const rsc = await fetch(`${sys.appUrl}${page}`, { headers: { RSC: "1" } });
    const payload = await rsc.text();
    scan(`RSC ${page} headers`, JSON.stringify([...rsc.headers]));
    scan(`RSC ${page}`, payload);
    for (const m of payload.matchAll(/\/_next\/static\/[A-Za-z0-9_\-./~]+?\.(?:js|css)/g)) assets.add(m[0]);
  }
  check(assets.size > 5, `expected the pages to reference JS chunks, found ${assets.size}`);
  for (const asset of assets) {
    const { res } = await get(asset);
    check(res.status === 200, `${asset} → ${res.status}`);
    const map = await fetch(`${sys.appUrl}${asset}.map`);
    scan(`${asset}.map`, await map.text());
  }

  const apis = [
    "/api/health",
    "/api/usage/public",
    "/api/usage",
    "/api/metrics",
    "/api/v1/meta/chains",
    "/api/v1/prices/native",
    "/api/v1/search?q=a",
    "/api/v1/search",
    `/api/v1/token?chain=${t.chain}&address=${t.address}`,
    `/api/v1/token/trades?chain=${t.chain}&address=${t.address}&pools=${t.pools.join(",")}&limit=5`,
    "/api/v1/token?chain=evm:1&address=0x0000000000000000000000000000000000000001",
    "/api/v1/nope",
    "/api/v1",
    "/api/v1/",
    "/api/nope",
    "/api/stream",
  ];
  for (const api of apis) await get(api);
  await get("/api/v1/token/price", {
    method: "POST",
    body: "{bad json",
    headers: { "content-type": "application/json" },
  });
  await get("/api/v1/token/price", {
    method: "POST",
    body: JSON.stringify({ items: [{ chain: "x" }] }),
    headers: { "content-type": "application/json" },
  });
  await get("/api/health", { method: "DELETE" });
  await get("/api/v1/search?q=a", { method: "PUT" });

  // Until every subscription's events and both error answers are in (30 s at most, as before).
  const seen = () => {
    const parsed = stream.frames.map((f) => JSON.parse(f) as { type: string; id?: string; channel?: string });
    const events = new Set(parsed.filter((f) => f.type === "event").map((f) => f.channel));
    const errors = parsed.filter((f) => f.type === "error").length;
    return ["pulse", "trades", "token-updates", "ohlcv"].every((c) => events.has(c)) && errors >= 2;
  };
  for (const deadline = Date.now() + 30_000; !seen() && Date.now() < deadline; ) await sleep(100);
  stream.close();
  check(stream.frames.length > 20, `expected stream frames, got ${stream.frames.length}`);
  for (const [i, frame] of stream.frames.entries()) scan(`stream frame ${i}`, frame);
  scan("server logs", sys.logs.join(""));

  check(leaks.length === 0, `the key leaked: ${leaks.slice(0, 10).join("; ")}`);
  return `${scanned} bodies/headers/frames (${(bytes / 1e6).toFixed(1)} MB): ${pages.length} pages + RSC payloads, ${assets.size} JS/CSS chunks (+ maps), ${apis.length + 4} API answers, ${stream.frames.length} stream frames (${seen() ? "every subscription's events and both error answers" : "30 s"}), ${sys.logs.length} log chunks; ${needles(sys.key).length} needles (whole, base64, base64url, URL-encoded, 10-char pieces): 0 found`;
}
