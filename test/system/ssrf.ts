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
    const r = await raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}`).catch((e: Error) => ({ status: 0, headers: "", body: e.message }));
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
  return `${paths.length} hostile paths + ${lines.length} hostile request lines/hosts: 0 5xx, 0 redirects off this origin, 0 foreign host in a page, upstream saw only registry routes (${newRoutes.length ? newRoutes.join(", ") : "none"} from this corpus)`;
}
