import type { Page } from "@playwright/test";

/**
 * Playwright observes and routes only the sockets a page opens, while the app's shared worker holds the one stream
 * socket of every tab of the origin. A test that reads or routes the page's own stream removes `SharedWorker` before
 * the page loads: the page, alone in its context, is then elected with the Web Locks API and holds the socket itself,
 * as it does in browsers without a shared worker (the same hub, run in the tab). e2e/shared-socket.spec.ts covers the
 * worker itself.
 */
export async function holdStreamInPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker;
  });
}
