import { describe, expect, it } from "vitest";
import { marketForFile } from "../testing/harness";

// Icons and avatars come from the market itself: every URL it hands out points at its own host and answers.

const h = marketForFile({ warmupMs: 5 * 60_000, seed: 21 }, 60_000);

describe("market assets", () => {
  it("names only its own host in icon and avatar URLs, and serves each as an SVG without a key", async () => {
    const pulse = await h.call("GET", "/v1/pulse?view=new&chains=solana,evm:8453&limit=100");
    const urls = (pulse.body.data as { metadata: { iconUrl: string | null }; creator: { avatarUrl: string | null } }[])
      .flatMap((e) => [e.metadata.iconUrl, e.creator.avatarUrl])
      .filter((u): u is string => u !== null && !u.startsWith("data:") && !/script/i.test(u));
    expect(urls.length).toBeGreaterThan(10);
    for (const u of urls.slice(0, 20)) {
      expect(u.startsWith(`${h.sim.baseUrl}/assets/`)).toBe(true);
      const res = await fetch(u);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(await res.text()).toMatch(/^<svg /);
    }
  });

  it("answers 404 for any other path under /assets, and charges nothing", async () => {
    for (const p of ["/assets/token/x.png", "/assets/other/x.svg", "/assets/token/a%2F..svg"])
      expect((await fetch(`${h.sim.baseUrl}${p}`)).status).toBe(404);
  });
});
