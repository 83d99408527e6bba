import type { Page } from "@playwright/test";

/** The chain, address and pools the token page shows (its `token-view` element's data), as the REST proxy takes them. */
export async function tokenViewQuery(page: Page): Promise<{ chain: string; address: string; pools: string }> {
  return page.getByTestId("token-view").evaluate((el: HTMLElement) => ({
    chain: el.dataset.chain ?? "",
    address: el.dataset.address ?? "",
    pools: el.dataset.pools ?? "",
  }));
}
