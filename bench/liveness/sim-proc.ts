import { startSimService } from "@/lib/sim/service";

// Benchmark child: the embedded market alone, in its own process (as it runs beside a real deployment's gateway).

const KEY = "bench-liveness-key-5e8a1c2d";

async function main() {
  const sim = await startSimService({ key: KEY, seed: 17, warmupMs: 5 * 60_000 });
  process.send?.({ type: "ready", baseUrl: sim.baseUrl, streamUrl: sim.streamUrl, key: KEY });
  process.on("message", async (m: { cmd: string }) => {
    if (m.cmd !== "stop") return;
    await sim.close();
    process.exit(0);
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
