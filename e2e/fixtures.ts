import { test as base, expect } from "@playwright/test";

interface Fixtures {
  /** ws:// URL of the stream gateway on the server under test. */
  streamUrl: string;
  /**
   * Uncaught page errors and console errors seen during the test; specs assert it stays empty.
   * Failed resource loads are left to the specs that care (a link prefetch may 404 on purpose).
   */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  streamUrl: async ({ baseURL }, use) => {
    const url = new URL("/api/stream", baseURL);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    await use(url.href);
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        errors.push(message.text());
      }
    });
    await use(errors);
  },
});

export { expect };

/** The seeded market always has what a test needs; a missing one fails the test (never skips it). */
export function need<T>(value: T | null | undefined, what: string): T {
  expect(value, what).toBeTruthy();
  return value as T;
}
