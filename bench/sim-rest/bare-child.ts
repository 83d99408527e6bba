import { readFileSync } from "node:fs";
import { createServer } from "node:http";

// Baseline: a bare node:http server answering fixed bytes (the same bodies the market service returned).

const bodies = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Record<string, string>;
const bufs = new Map(Object.entries(bodies).map(([k, v]) => [k, Buffer.from(v)]));
const server = createServer((req, res) => {
  const body = bufs.get((req.url ?? "").split("?")[0] as string);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": String(body.length) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const a = server.address();
  console.log(JSON.stringify({ baseUrl: `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}` }));
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
