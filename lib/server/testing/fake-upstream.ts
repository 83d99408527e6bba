import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sendJson, sendJsonText } from "@/lib/sim/http/respond";

// A programmable stand-in for the market-data service (tests and benchmarks): records every request it receives.

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeUpstream {
  baseUrl: string;
  requests: RecordedRequest[];
  setHandler(h: FakeHandler): void;
  close(): Promise<void>;
}

/** The fake's answer: a string body goes out as it is (so tests can send malformed answers), anything else as JSON,
 *  both through the embedded market's own writer. */
export function replyJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (typeof body === "string") sendJsonText(res, status, body, headers);
  else sendJson(res, status, body, headers);
}

export async function startFakeUpstream(handler: FakeHandler): Promise<FakeUpstream> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(rec);
      void current(rec, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (h) => {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A valid `/v1/meta/chains` envelope. */
export function chainsEnvelope(asOf = 1_700_000_000_000, name = "Ethereum") {
  return {
    data: [{ chain: "evm:1", name, slug: "ethereum", family: "evm", nativeSymbol: "ETH", status: "live" }],
    meta: { asOf },
  };
}
