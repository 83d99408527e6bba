import { defineConfig, devices } from "@playwright/test";
import { assertFetchablePorts } from "./e2e/ports";
import { chromiumLaunchOptions } from "./test/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3210);
assertFetchablePorts(PORT);
// The embedded market's loopback port and key are fixed for tests: e2e/sim.ts drives its control API, and the
// key-leak spec looks for the key everywhere the browser can see.
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? PORT + 1);
export const SIM_KEY = process.env.SIM_KEY ?? "e2e-sentinel-key-4f1c9a7be2d35068";
process.env.E2E_SIM_PORT = String(SIM_PORT);
process.env.SIM_KEY = SIM_KEY;
const baseURL = `http://127.0.0.1:${PORT}`;
const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1440, height: 900 },
  launchOptions: chromiumLaunchOptions(["--disable-component-update", "--disable-sync", "--no-first-run"]),
};
/** Specs that load the machine on their own (e2e/shared-socket.spec.ts: 40 token tabs). */
const SOLO = /shared-socket\.spec\.ts$/;
/**
 * `E2E_SOLO=1` (`npm run test:e2e:solo`, after `npm run test:e2e`) runs those specs alone on the machine: no other test,
 * and not the suite's server either (they start servers of their own), so its market and gateway take no CPU from 40
 * rendering tabs. Without it, every other spec runs.
 */
const SOLO_RUN = process.env.E2E_SOLO === "1";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A test that passes only on a second try is a bug, not a pass.
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace records every action's DOM snapshot: it doubles the suite's CPU, so it is kept for a closer look
    // (E2E_TRACE=1 keeps the trace of each failed test), not by default. A failure always leaves its screenshot.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: SOLO_RUN
    ? [{ name: "chromium-solo", testMatch: SOLO, use: chromium }]
    : [
        {
          name: "api",
          testMatch: /.*\.api\.spec\.ts$/,
        },
        {
          name: "chromium",
          testIgnore: [/.*\.api\.spec\.ts$/, SOLO],
          use: chromium,
        },
      ],
  // The production server with a fixed simulated market, so runs are reproducible. It is always started here for a run
  // of every other spec (never a server already listening), and scripts/start.mjs rebuilds when any source is newer than
  // the build.
  webServer: SOLO_RUN
    ? undefined
    : {
        command: "node scripts/start.mjs",
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 600_000,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          PORT: String(PORT),
          HOST: "127.0.0.1",
          SIM_SEED: "7",
          SIM_PORT: String(SIM_PORT),
          SIM_KEY,
          NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
          SIM_SPEED: process.env.E2E_SIM_SPEED ?? "4",
          LOG_LEVEL: "warn",
          // Every test browser is on this machine: lift the per-address stream share for loopback (tests only).
          STREAM_IP_EXEMPT_LOOPBACK: "1",
          // …and every test browser loads its icons from that one address, each in a fresh context (no image cache):
          // the per-address image limit would throttle the suite, not a visitor. Unit and system tests check the limit.
          IMAGE_RATE_LIMIT_RPS: "10000",
          IMAGE_RATE_LIMIT_BURST: "1000000",
          // The embedded market shares this machine's CPU with the server and two browsers, so its slowest answers
          // (search) can pass the 2.5 s default meant for a real upstream; the system tests check the default.
          PROXY_UPSTREAM_TIMEOUT_MS: "8000",
          NEXT_TELEMETRY_DISABLED: "1",
          MARKET_API_URL: "",
          MARKET_STREAM_URL: "",
          MARKET_API_KEY: "",
        },
      },
});
