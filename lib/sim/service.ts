import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface SimServiceOptions {
  host?: string;
  port?: number;
  seed?: number;
  key: string;
  /** Virtual-clock speed factor (1 = real time). */
  speed?: number;
}

export interface SimService {
  /** REST base; endpoints are `${baseUrl}/v1/...`. */
  baseUrl: string;
  /** Stream base; the endpoint is `${streamUrl}/v1/stream`. */
  streamUrl: string;
  key: string;
  close(): Promise<void>;
}

// Placeholder until the engine lands: answers every request with 503 so callers see an explicit error.
export async function startSimService(opts: SimServiceOptions): Promise<SimService> {
  const server = createServer((_req, res) => {
    res.writeHead(503, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "upstream_unavailable", message: "embedded market is starting" } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? "127.0.0.1";
  return {
    baseUrl: `http://${host}:${port}`,
    streamUrl: `ws://${host}:${port}`,
    key: opts.key,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
