import { expect as baseExpect, test } from "./fixtures";
import { simState } from "./sim";
import { holdStreamInPage } from "./page-socket";

// A live view the stream refuses (a limit) is never badged "Live", and the reason reads as words, not a code.

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let token: { chain: string; address: string };

test.beforeAll(async () => {
  token = (await simState()).data.notable.graduatedToken;
});

test("a refused tape subscription turns the tape and header badges from Live to not live", async ({ page }) => {
  // Between the page and the gateway: the trades subscription's acknowledgement becomes the limit error a full
  // stream key sends (§8: 50 tracked tokens); every other frame passes through unchanged. Routing sees only sockets a
  // page opens, so the shared worker is removed: the page, alone, is elected and holds the socket itself.
  await holdStreamInPage(page);
  await page.routeWebSocket(/\/api\/stream$/, (ws) => {
    const server = ws.connectToServer();
    const tradeIds = new Set<string>();
    ws.onMessage((m) => {
      const f = JSON.parse(String(m)) as { type: string; id?: string; channel?: string };
      if (f.type === "subscribe" && f.channel === "trades" && f.id) tradeIds.add(f.id);
      server.send(m);
    });
    server.onMessage((m) => {
      const f = JSON.parse(String(m)) as { type: string; id?: string; channel?: string };
      if (f.type === "subscribed" && f.id && tradeIds.has(f.id)) {
        ws.send(
          JSON.stringify({ type: "error", id: f.id, code: "limit_tracked", message: "limit_tracked", limit: 50 }),
        );
        return;
      }
      if (f.type === "event" && f.channel === "trades") return;
      ws.send(m);
    });
  });
  await page.goto(`/token/${token.chain}/${token.address}`);
  const badge = page.getByTestId("tape-live");
  await expect(badge).toHaveAttribute("data-live", "false");
  await expect(badge).toContainText("Not live");
  await expect(badge).toContainText("50 tokens");
  await expect(page.getByRole("status").filter({ hasText: "Partly live" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("limit_tracked");
});

test("the tape badge says Live when the subscription is live", async ({ page }) => {
  await page.goto(`/token/${token.chain}/${token.address}`);
  await expect(page.getByTestId("liveness")).toHaveAttribute("data-mode", "stream");
  await expect(page.getByTestId("tape-live")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible();
});

test("the live stream's code failing to load is fetched again, and the page goes live", async ({ page, pageErrors }) => {
  // The stream runtime is a chunk of its own, loaded after the page is up (lib/client/stream/provider.tsx). Its first
  // two fetches fail here, which is both of the chunk loader's own tries: only the provider's retry can bring it. The
  // shared worker is removed so the page's chunk is the one script that carries the socket's code.
  await holdStreamInPage(page);
  let refused = 0;
  await page.route(/\/_next\/static\/chunks\/[^/]+\.js$/, async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (body.includes("No valid WebSocket class provided") && refused < 2) {
      refused++;
      await route.abort("connectionreset");
      return;
    }
    await route.fulfill({ response: res, body });
  });
  await page.goto(`/token/${token.chain}/${token.address}`);
  const header = page.getByRole("status").filter({ hasText: /^Live$/ });
  await expect(header).toBeVisible();
  expect(refused, "both of the chunk loader's tries failed before the page went live").toBe(2);
  await expect(page.getByTestId("liveness")).toHaveAttribute("data-mode", "stream");
  expect(pageErrors).toEqual([]);
  // Chunks the page asks for later (the palette's, the alert layer's) may be inside the handler still: the test ends
  // once they are through, not with the page closed under a fetch.
  await page.unrouteAll({ behavior: "wait" });
});
