import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: root },
      { find: /^server-only$/, replacement: `${root}test/server-only-stub.ts` },
    ],
  },
  test: {
    environment: "node",
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: [
      "**/node_modules/**",
      ".next/**",
      ".next-*/**",
      "e2e/**",
      "test-results/**",
      "playwright-report/**",
      // Fleet tests need redis-server and nginx: `npm run test:fleet` (vitest.fleet.config.ts).
      "test/fleet/**",
      "**/*.redis.test.ts",
    ],
    // Correctness only: speed lives in bench/. Generous limits keep property and integration tests honest on a
    // shared 2-core machine, where a 5 s default fails runs that are merely slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the market's tests spend much
    // of their time waiting on timers and sockets. One worker a core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
