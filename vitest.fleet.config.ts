import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:fleet`: the fleet tests, against a real redis-server, nginx, the embedded market and several app
// processes on loopback. One file at a time: each starts its own fleet.
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
    include: ["test/fleet/**/*.test.ts", "lib/server/fleet/**/*.redis.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
