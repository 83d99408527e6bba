import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";

// Loaded by server.ts outside Next, so no `import "server-only"` here.

export interface StreamGatewayOptions {
  upstream: { streamUrl: string; key: string };
  /** Browser origins allowed to open the stream; empty or absent = same host only. */
  allowedOrigins?: string[];
}

export interface StreamGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

const MAX_FRAME_BYTES = 64 * 1024;

function originAllowed(req: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // non-browser clients send no Origin
  if (allowedOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  return new URL(origin).host === req.headers.host;
}

function reject(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function decode(data: RawData): unknown {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
  const text = buffer.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Placeholder: greets each client and echoes its frames until the upstream relay lands.
export function createStreamGateway(options: StreamGatewayOptions): StreamGateway {
  const allowedOrigins = options.allowedOrigins ?? [];
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  wss.on("connection", (client: WebSocket) => {
    client.send(JSON.stringify({ type: "hello" }));
    client.on("message", (data) => {
      client.send(JSON.stringify({ type: "echo", data: decode(data) }));
    });
    client.on("error", () => client.terminate());
  });

  return {
    handleUpgrade(req, socket, head) {
      if (!originAllowed(req, allowedOrigins)) return reject(socket, "403 Forbidden");
      wss.handleUpgrade(req, socket, head, (client) => wss.emit("connection", client, req));
    },
    close() {
      for (const client of wss.clients) client.close(1001, "server shutting down");
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          for (const client of wss.clients) client.terminate();
        }, 1000);
        wss.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
