// Bench child: the embedded market-data service on a loopback port, plus a tiny side server reporting this
// process's CPU time (so the benchmark can tell CPU cost per request apart from scheduling delays).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startSimService } from "@/lib/sim/service";

const sim = await startSimService({
  host: "127.0.0.1",
  port: 0,
  key: process.env.BENCH_KEY ?? "bench-key",
  seed: 7,
  speed: 1,
});
const cpu = createServer((_req, res) => {
  const u = process.cpuUsage();
  res.end(String(u.user + u.system));
});
cpu.listen(0, "127.0.0.1", () => {
  console.log(
    JSON.stringify({
      baseUrl: sim.baseUrl,
      streamUrl: sim.streamUrl,
      key: sim.key,
      cpuUrl: `http://127.0.0.1:${(cpu.address() as AddressInfo).port}`,
    }),
  );
});
process.on("SIGTERM", () => {
  void sim.close().finally(() => process.exit(0));
});
