import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createStreamGateway, type StreamGateway } from "@/lib/server/gateway";
import { proxyWebRequest } from "@/lib/server/proxy/web-request";
import { createTestProxy, type TestProxy } from "@/lib/server/testing/test-state";
import { type SimService, type SimServiceOptions, startSimService } from "@/lib/sim/service";

// The real chain on loopback, port 0: embedded market ← proxy (/api/v1/*) and gateway (/api/stream) ← the client.

export interface FullStack {
  origin: string;
  streamUrl: string;
  sim: SimService;
  gateway: StreamGateway;
  proxy: TestProxy;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFullStack(opts: Omit<SimServiceOptions, "key">): Promise<FullStack> {
  const key = `client-it-${Math.random().toString(36).slice(2)}`;
  const sim = await startSimService({ ...opts, key });
  const proxy = createTestProxy({ baseUrl: sim.baseUrl, key }, { rateLimitPerSec: 0 });
  const gateway = createStreamGateway({
    upstream: { streamUrl: sim.streamUrl, key },
    registerUsage: false,
    perIp: { exemptLoopback: true },
    backoff: { baseMs: 100, maxMs: 1_000 },
  });

  const app: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: body ? new Uint8Array(body) : undefined,
    });
    const segments = url.pathname.replace(/^\/api\/v1\//, "").split("/");
    const r = await proxyWebRequest(request, segments, proxy.state);
    res.writeHead(r.status, Object.fromEntries(r.headers));
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  app.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    if (new URL(req.url ?? "/", "http://127.0.0.1").pathname === "/api/stream")
      gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((r) => app.listen(0, "127.0.0.1", () => r()));
  const { port } = app.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    streamUrl: `ws://127.0.0.1:${port}/api/stream`,
    sim,
    gateway,
    proxy,
    async close() {
      await gateway.close();
      app.closeAllConnections();
      await new Promise<void>((r) => app.close(() => r()));
      await proxy.state.close();
      await sim.close();
    },
  };
}
