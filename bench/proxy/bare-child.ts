// Bench child: the physical baseline, a bare node:http server answering every request with the same bytes.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const body = readFileSync(process.env.BENCH_BODY_FILE as string);
const server = createServer((req, res) => {
  if (req.url === "/__cpu") {
    const u = process.cpuUsage();
    return res.end(String(u.user + u.system));
  }
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on("SIGTERM", () => process.exit(0));
