import { createServer } from "node:http";
import { connect } from "node:net";
import type { System } from "./harness";
import { check, notable, upstreamReceived } from "./util";

// Hostile paths, hosts and request lines: nothing off the endpoint registry is requested upstream, no answer
// redirects to (or names) another host, nothing is a 5xx.

const EVIL = "evil.example";

/** One raw HTTP/1.1 exchange, for request lines and headers fetch will not send. */
function raw(port: number, head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let data = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.split("\r\n")[0]}`)));
    socket.on("data", (c) => (data += c));
    socket.on("error", reject);
    socket.on("end", () => {
      const [headers, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(headers.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

export async function ssrf(sys: System): Promise<string> {
  const n = await notable(sys);
  const t = n.establishedToken;
  const port = Number(new URL(sys.appUrl).port);
  const paths = [
    "/api/v1/../../etc/passwd",
    "/api/v1/%2e%2e/%2e%2e/etc/passwd",
    "/api/v1/%2e%2e%2f%2e%2e%2fadmin",
    "/api/v1/search%2f..%2f..%2f__control%2fstate?q=a",
    "/api/v1/__control/state",
    "/api/v1/..%5c..%5c__control/faults",
    `/api/v1/http://${EVIL}/v1/search?q=a`,
    `/api/v1//${EVIL}/v1/search?q=a`,
    `/api/v1/search?q=a&url=http://${EVIL}/`,
    `/api/v1/search?q=a&baseUrl=http://${EVIL}`,
    `/api/v1/token?chain=${t.chain}&address=${t.address}%2f..%2f..%2f__control%2fstate`,
    `/api/v1/token?chain=${t.chain}&address=@${EVIL}`,
    "/api/v1/search?q=a%0d%0aHost:%20evil.example",
    "/api/v1/search%00?q=a",
    "/api/v1/meta/chains/../../__control/state",
    "/api/v1/v1/search?q=a",
    "/api/v1/SEARCH?q=a",
    "/api/v1/search;.css?q=a",
    "/api/v1/search.json?q=a",
    `//${EVIL}/`,
    `/\\${EVIL}/`,
    `/%2f${EVIL}/`,
    `/%5c${EVIL}/`,
    "/_next/image?url=http://evil.example/x.png&w=64&q=75",
    "/_next/image?url=http://127.0.0.1:1/x.png&w=64&q=75",
    "/pulse/",
    "/token/solana/",
  ];
  const lines = [
    `GET http://${EVIL}/api/v1/ HTTP/1.1\r\nHost: 127.0.0.1`,
    `GET http://${EVIL}/pulse/ HTTP/1.1\r\nHost: 127.0.0.1`,
    `GET https://${EVIL} HTTP/1.1\r\nHost: 127.0.0.1`,
    `GET /pulse/ HTTP/1.1\r\nHost: ${EVIL}`,
    `GET /pulse/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: ${EVIL}\r\nX-Forwarded-Proto: https`,
    `GET / HTTP/1.1\r\nHost: ${EVIL}\r\nX-Forwarded-Host: ${EVIL}`,
    `GET /token/${encodeURIComponent(t.chain)}/${t.address} HTTP/1.1\r\nHost: ${EVIL}\r\nX-Forwarded-Host: ${EVIL}`,
    `GET /api/v1/search?q=a HTTP/1.1\r\nHost: ${EVIL}\r\nX-Forwarded-Host: ${EVIL}\r\nX-Middleware-Subrequest: middleware`,
    "GET * HTTP/1.1\r\nHost: 127.0.0.1",
    "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1",
    `CONNECT ${EVIL}:443 HTTP/1.1\r\nHost: ${EVIL}:443`,
    "TRACE /api/v1/search HTTP/1.1\r\nHost: 127.0.0.1",
  ];

  const before = await upstreamReceived(sys);
  const problems: string[] = [];
  const judge = (what: string, status: number, headers: string, body: string) => {
    if (status >= 500) problems.push(`${what} → ${status}`);
    const location = /^location:\s*(.+)$/im.exec(headers)?.[1]?.trim();
    if (location && /^(?:[a-z]+:)?\/\//i.test(location) && !location.startsWith(sys.appUrl))
      problems.push(`${what} redirects to ${location}`);
    if (location?.startsWith("/\\") || location?.startsWith("//")) problems.push(`${what} redirects to ${location}`);
    // A page may show the path it was asked for; it must never link or load from the foreign host.
    if (new RegExp(`(?:https?:)?//${EVIL.replace(".", "\\.")}`).test(body) && !what.includes("/api/v1/"))
      problems.push(`${what} names //${EVIL} in its body`);
    const normalized = what.startsWith("/") ? new URL(what, "http://x").pathname : "";
    if (normalized.startsWith("/api") && status >= 400 && !/content-type:\s*application\/json/i.test(headers))
      problems.push(`${what} → ${status} without a JSON body`);
  };
  for (const path of paths) {
    const r = await raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}`).catch((e: Error) => ({
      status: 0,
      headers: "",
      body: e.message,
    }));
    if (r.status === 0) problems.push(`${path}: ${r.body}`);
    else judge(path, r.status, r.headers, r.body);
  }
  for (const line of lines) {
    const r = await raw(port, line).catch(() => ({ status: 400, headers: "", body: "" }));
    judge(line.split("\r\n")[0], r.status, r.headers, r.body);
  }
  const after = await upstreamReceived(sys);
  const offList = Object.keys(after.byRoute).filter((route) => !/^(GET|POST) \/v1\/[a-z0-9/-]+$/.test(route));
  const newRoutes = Object.entries(after.byRoute)
    .filter(([route, count]) => count > (before.byRoute[route] ?? 0))
    .map(([route, count]) => `${route} ×${count - (before.byRoute[route] ?? 0)}`);
  check(offList.length === 0, `requested upstream off the registry: ${offList.join(", ")}`);
  check(problems.length === 0, problems.slice(0, 10).join("; "));
  const images = await imageCorpus(sys, t);
  return `${paths.length} hostile paths + ${lines.length} hostile request lines/hosts: 0 5xx, 0 redirects off this origin, 0 foreign host in a page, upstream saw only registry routes (${newRoutes.length ? newRoutes.join(", ") : "none"} from this corpus); ${images}`;
}

/**
 * /api/image: URLs an attacker would write as a token icon (this host's services, cloud metadata, other schemes and
 * ports, hosts off the allowlist) are refused 400/403 with `error.code` and never fetched (a canary server on
 * loopback counts what reaches it); the market's own icon is served; past the per-address burst, 429 with Retry-After
 * while another address is still served.
 */
async function imageCorpus(sys: System, t: { chain: string; address: string }): Promise<string> {
  const hits: string[] = [];
  const canary = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end("x");
  });
  await new Promise<void>((r) => canary.listen(0, "127.0.0.1", r));
  const c = `127.0.0.1:${(canary.address() as { port: number }).port}`;
  const sim = new URL(sys.simUrl).host;
  const corpus: [string, number][] = [
    [`http://${c}/a.png`, 400],
    [`https://${c}/a.png`, 400],
    [`http://${c}/assets/a.png`, 400],
    [`http://${sim}/__control/state`, 400],
    [`http://${sim}/assets/../__control/state`, 400],
    [`http://${sim}/assets/a.png?x=1`, 400],
    ["http://169.254.169.254/latest/meta-data/", 400],
    ["https://169.254.169.254/latest/meta-data/", 400],
    ["https://[::1]/a.png", 400],
    ["https://[::ffff:127.0.0.1]/a.png", 400],
    ["https://0x7f000001/a.png", 400],
    ["https://2130706433/a.png", 400],
    ["https://10.0.0.1/a.png", 400],
    ["https://ipfs.io:8443/a.png", 400],
    ["https://ipfs.io/a.svg", 400],
    ["file:///etc/passwd", 400],
    ["gopher://127.0.0.1:6379/_INFO", 400],
    ["javascript:alert(1)", 400],
    ["data:image/png;base64,AAAA", 400],
    [`//${EVIL}/a.png`, 400],
    ["", 400],
    [`https://${EVIL}/a.png`, 403],
    [`https://ipfs.io.${EVIL}/a.png`, 403],
    ["https://localhost/a.png", 400],
  ];
  const problems: string[] = [];
  try {
    for (const [i, [url, want]] of corpus.entries()) {
      const res = await fetch(`${sys.appUrl}/api/image?url=${encodeURIComponent(url)}`, {
        headers: { "x-forwarded-for": `10.93.0.${i + 1}` },
      });
      const body = await res.text();
      let code: unknown;
      try {
        code = JSON.parse(body).error?.code;
      } catch {}
      if (res.status !== want || typeof code !== "string")
        problems.push(`${url || "(empty)"} → ${res.status} ${String(code)} (want ${want})`);
    }
    // The market's own icon (its metadata names its host) is served, from this origin.
    const token = (
      await (await fetch(`${sys.appUrl}/api/v1/token?chain=${encodeURIComponent(t.chain)}&address=${t.address}`)).json()
    ).data;
    const iconUrl = JSON.stringify(token).match(/"(https?:[^"]*\/assets\/[^"]*)"/)?.[1];
    check(iconUrl, "the market names no icon for the established token");
    const icon = await fetch(`${sys.appUrl}/api/image?url=${encodeURIComponent(iconUrl)}`, {
      headers: { "x-forwarded-for": "10.93.1.1" },
    });
    if (icon.status !== 200 || !/^image\//.test(icon.headers.get("content-type") ?? ""))
      problems.push(`the market's icon → ${icon.status}`);
    // The per-address limit: one address well past the burst (cheap 400s), then another address.
    // 8 at a time, so the requests outpace the refill (50/s) on a busy machine too.
    let served = 0;
    let limited: Response | undefined;
    for (let i = 0; i < 400 && !limited; i++) {
      const batch = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${sys.appUrl}/api/image`, { headers: { "x-forwarded-for": "10.93.2.1" } }),
        ),
      );
      for (const res of batch) {
        if (res.status === 429 && !limited) limited = res;
        else {
          if (res.status !== 429) served++;
          await res.arrayBuffer();
        }
      }
    }
    const limitedCode = limited ? (await limited.json()).error?.code : undefined;
    if (!limited || limitedCode !== "rate_limited" || !limited.headers.get("retry-after"))
      problems.push(`no 429 rate_limited with Retry-After from one address after ${served} requests`);
    const other = await fetch(`${sys.appUrl}/api/image`, { headers: { "x-forwarded-for": "10.93.2.2" } });
    if (other.status !== 400) problems.push(`another address got ${other.status} while the first was limited`);
    check(hits.length === 0, `the canary was requested: ${hits.join(", ")}`);
    check(problems.length === 0, problems.slice(0, 8).join("; "));
    return `/api/image: ${corpus.length} hostile icon URLs refused (${corpus.filter(([, w]) => w === 400).length} × 400, ${corpus.filter(([, w]) => w === 403).length} × 403 forbidden), 0 reached the canary; the market's icon served; one address limited after ${served} requests (429 rate_limited, Retry-After ${limited?.headers.get("retry-after")} s), another still served`;
  } finally {
    await new Promise<void>((r) => canary.close(() => r()));
  }
}
