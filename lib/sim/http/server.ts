import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { ApiError } from "@/lib/api";
import type { SimCore } from "../core";
import { assetSvg, parseAssetPath } from "../engine/assets";
import type { FaultState } from "../faults";
import type { SimLedger } from "../ledger";
import type { SimUsage } from "../usage";
import { handleControl, type StreamControl } from "./control";
import { isLoopback, sendError } from "./respond";
import { handleRest, restErrorHeaders } from "./rest";

// node:http server for the REST interface and the loopback control endpoint.

export interface SimHttpDeps {
  /** Read per request: the service binds its port (which names the asset URLs) before the market exists. */
  readonly core: SimCore;
  ledger: SimLedger;
  usage?: SimUsage;
  faults: FaultState;
  /** The stream server, once loaded (read per request): the control API's `drop-streams` ends its connections. */
  readonly streams?: StreamControl | null;
  isValidKey(key: string): boolean;
  random: () => number;
  onError?: (err: unknown, req: IncomingMessage) => void;
}

export interface SimHttpServer {
  server: Server;
  /** Ends responses held open by the hang fault. */
  releaseHung(): void;
}

export function createSimHttpServer(d: SimHttpDeps): SimHttpServer {
  const hung = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (serveAsset(req, res)) return;
    void route(req, res).catch((err: unknown) => {
      if (!(err instanceof ApiError)) d.onError?.(err, req);
      sendError(res, err, restErrorHeaders(err));
    });
  });
  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://sim.invalid");
    if (url.pathname.startsWith("/__control/") || url.pathname === "/__control") {
      if (!isLoopback(req)) throw new ApiError("forbidden", "the control endpoint is loopback-only", { status: 403 });
      return handleControl(req, res, url, d.core, d.faults, d.usage, d.streams ?? null);
    }
    return handleRest(req, res, url, { ...d, core: d.core, hung });
  }
  return {
    server,
    releaseHung() {
      for (const r of hung) r.destroy();
      hung.clear();
    },
  };
}

/** Icons and avatars (engine/assets.ts): public like an image host, no key, no credits, cached for good. */
function serveAsset(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? "").split("?")[0] ?? "";
  if (!path.startsWith("/assets/")) return false;
  const asset = req.method === "GET" || req.method === "HEAD" ? parseAssetPath(path) : null;
  if (!asset) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return true;
  }
  const body = assetSvg(asset.kind, asset.id);
  res.writeHead(200, {
    "content-type": "image/svg+xml",
    "content-length": Buffer.byteLength(body),
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
