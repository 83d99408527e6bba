import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, guardRequest, originForm } from "./guard";

// A real server with the guard in front of a stand-in for Next that echoes what it was handed.
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (guardRequest(req, res)) return;
    const body = JSON.stringify({ url: req.url, tree: req.headers["next-router-state-tree"] ?? null });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a raw request line (fetch cannot send absolute-form targets or TRACE). */
function raw(line: string, headers: Record<string, string> = {}): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
      socket.write(`${line} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`);
    });
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
  });
}

const jsonError = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code;

describe("guardRequest", () => {
  it("answers /api paths outside the routes with JSON 404, trailing slash included", async () => {
    for (const path of ["/api", "/api/", "/api/v1", "/api/v1/", "/api/nope", "/api/health/", "/api/v1/search/", "/api/v1//search"]) {
      const res = await raw(`GET ${path}`);
      expect(res.status, path).toBe(404);
      expect(res.head, path).toMatch(/content-type: application\/json/i);
      expect(jsonError(res.body), path).toBe("not_found");
    }
  });

  it("answers every method an /api route does not take with JSON 405 and Allow", async () => {
    for (const [line, allow] of [
      ["TRACE /api/health", "GET, HEAD"],
      ["DELETE /api/usage", "GET, HEAD"],
      ["POST /api/metrics", "GET, HEAD"],
      ["TRACE /api/v1/search", "GET, POST"],
      ["PROPFIND /api/v1/search", "GET, POST"],
    ]) {
      const res = await raw(line);
      expect(res.status, line).toBe(405);
      expect(res.head, line).toMatch(new RegExp(`allow: ${allow}`, "i"));
      expect(jsonError(res.body), line).toBe("method_not_allowed");
    }
  });

  it("asks a plain HTTP request to the stream path to upgrade, in JSON", async () => {
    const res = await raw("GET /api/stream");
    expect(res.status).toBe(426);
    expect(jsonError(res.body)).toBe("upgrade_required");
  });

  it("hands known routes and every page method to Next", async () => {
    for (const line of ["GET /api/health", "OPTIONS /api/usage", "GET /api/usage/public", "POST /api/v1/token/price", "GET /pulse"]) {
      const res = await raw(line);
      expect(res.status, line).toBe(200);
    }
    expect((await raw("TRACE /")).status).toBe(405);
  });

  it("never lets a request line name another host", async () => {
    for (const [line, url] of [
      ["GET http://evil.example/pulse/", "/pulse/"],
      ["GET https://evil.example", "/"],
      ["GET //evil.example/pulse", "/evil.example/pulse"],
      ["GET /\\evil.example/", "/evil.example/"],
    ]) {
      const res = await raw(line);
      expect(res.status, line).toBe(200);
      expect(JSON.parse(res.body).url, line).toBe(url);
    }
    expect((await raw("GET *")).status).toBe(400);
    expect((await raw("GET ftp://evil.example/x")).status).toBe(400);
  });

  it("drops a malformed router-state header and keeps a valid one", async () => {
    for (const bad of ["{bad", "%%%", encodeURIComponent(JSON.stringify({ a: 1 })), `["",{},${"[".repeat(300)}`]) {
      const res = await raw("GET /pulse", { "Next-Router-State-Tree": bad });
      expect(JSON.parse(res.body).tree).toBeNull();
    }
    const good = encodeURIComponent(JSON.stringify(["", { children: ["pulse", {}, null, null] }, null, null, 1]));
    expect(JSON.parse((await raw("GET /pulse", { "Next-Router-State-Tree": good })).body).tree).toBe(good);
  });

  it("originForm keeps origin-form targets and never yields a protocol-relative path", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const out = originForm(s);
        if (out === undefined) return;
        expect(out.startsWith("/")).toBe(true);
        expect(/^\/[/\\]/.test(out)).toBe(false);
      }),
    );
    expect(originForm("/token/solana/x?y=1")).toBe("/token/solana/x?y=1");
  });

  it("lists every /api route of the app (and only those) outside /api/v1", () => {
    const apiDir = join(import.meta.dirname, "..", "..", "..", "app", "api");
    const routes: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name === "route.ts") routes.push(`/api/${relative(apiDir, dir)}`);
      }
    };
    walk(apiDir);
    const outsideV1 = routes.filter((r) => !r.startsWith("/api/v1/")).sort();
    expect(outsideV1).toEqual(Object.keys(API_ROUTES).sort());
  });
});
