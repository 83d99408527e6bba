import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// `npm run test:fleet`: the fleet tests, against a real redis-server, nginx, the embedded market and several app
// processes on loopback. One file at a time: each starts its own fleet. Same module resolution as the unit tests.
export default defineConfig({
  resolve: base.resolve,
  test: {
    environment: "node",
    include: ["test/fleet/**/*.test.ts", "lib/server/fleet/**/*.redis.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
