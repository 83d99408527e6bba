import { test as base, expect, type Page } from "@playwright/test";
import type { ServerFrame } from "@/lib/api";
import { trackRequests } from "../test/network-quiet";

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
  // Every test page counts its requests from the start, so `settle` (e2e/network-quiet.ts) knows when it is quiet.
  page: async ({ page }, use) => {
    trackRequests(page);
    await use(page);
  },
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

/**
 * Opens a WebSocket to `url` from inside the page, sends `request` once the gateway greets it (`authed`) and returns
 * every frame received up to the first one carrying all of `until`'s fields; fails after 10 s.
 */
export function pageStreamFrames(
  page: Page,
  url: string,
  request: Record<string, unknown>,
  until: Partial<ServerFrame>,
): Promise<ServerFrame[]> {
  return page.evaluate(
    (args) =>
      new Promise<ServerFrame[]>((resolve, reject) => {
        const received: ServerFrame[] = [];
        const ws = new WebSocket(args.url);
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no ${JSON.stringify(args.until)} within 10 s: ${JSON.stringify(received).slice(0, 300)}`),
            ),
          10_000,
        );
        ws.onerror = () => reject(new Error("websocket error"));
        ws.onmessage = (event) => {
          const f = JSON.parse(String(event.data)) as ServerFrame;
          received.push(f);
          if (f.type === "authed") ws.send(JSON.stringify(args.request));
          if (Object.entries(args.until).every(([k, v]) => (f as unknown as Record<string, unknown>)[k] === v)) {
            clearTimeout(timer);
            ws.close();
            resolve(received);
          }
        };
      }),
    { url, request, until },
  );
}
