import { COMPILE_HINT } from "../scripts/compile-hints.mjs";
import { expect, test } from "./fixtures";

// The build puts V8's compile hint on the first line of every browser script (next.config.mjs,
// scripts/compile-hints.mjs): the scripts a page names in its HTML, as served, start with it.
for (const path of ["/", "/credits"]) {
  test(`every script ${path} loads starts with the compile hint`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(3);
    for (const src of scripts) {
      const res = await request.get(src);
      expect(res.status(), src).toBe(200);
      expect((await res.text()).startsWith(COMPILE_HINT), `${src} starts with the hint`).toBe(true);
    }
  });
}
