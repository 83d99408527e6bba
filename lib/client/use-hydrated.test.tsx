import "./stream/testing/dom-stub";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderHook } from "./stream/testing/render-hook";
import { useHydrated } from "./use-hydrated";

function Probe() {
  return <i>{String(useHydrated())}</i>;
}

describe("useHydrated", () => {
  it("is false in the server's render", () => {
    expect(renderToString(<Probe />)).toBe("<i>false</i>");
  });

  it("is false in a component's first render in the browser and true in the render after its effects ran", async () => {
    const seen: boolean[] = [];
    const h = await renderHook(
      () => {
        const hydrated = useHydrated();
        seen.push(hydrated);
        return hydrated;
      },
      {},
      (c) => c,
    );
    expect(seen).toEqual([false, true]);
    expect(h.result.current).toBe(true);
    await h.unmount();
  });
});
