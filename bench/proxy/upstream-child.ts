// Bench child: the embedded market-data service on a loopback port.
import { startSimService } from "@/lib/sim/service";

const sim = await startSimService({
  host: "127.0.0.1",
  port: 0,
  key: process.env.BENCH_KEY ?? "bench-key",
  seed: 7,
  speed: 1,
});
console.log(JSON.stringify({ baseUrl: sim.baseUrl }));
process.on("SIGTERM", () => {
  void sim.close().finally(() => process.exit(0));
});
