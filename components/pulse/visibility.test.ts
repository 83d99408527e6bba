import { describe, expect, it } from "vitest";
import { createVisibilityTracker } from "./visibility";

function fakeObserver() {
  const observed = new Set<object>();
  let cb: IntersectionObserverCallback | null = null;
  const make = (c: IntersectionObserverCallback) => {
    cb = c;
    return {
      observe: (el: Element) => observed.add(el),
      unobserve: (el: Element) => observed.delete(el),
      disconnect: () => observed.clear(),
    } as unknown as IntersectionObserver;
  };
  const fire = (el: object, isIntersecting: boolean) =>
    cb?.([{ target: el, isIntersecting } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  return { make, observed, fire };
}

describe("visibility tracker", () => {
  it("observes elements registered before it starts, and reports their visibility", () => {
    const f = fakeObserver();
    const t = createVisibilityTracker(f.make);
    const el = {} as Element;
    const seen: boolean[] = [];
    const off = t.observe(el, (v) => seen.push(v));
    expect(f.observed.size).toBe(0);
    t.start(null);
    expect(f.observed.has(el)).toBe(true);
    f.fire(el, true);
    f.fire(el, false);
    expect(seen).toEqual([true, false]);
    off();
    expect(f.observed.size).toBe(0);
    f.fire(el, true);
    expect(seen).toEqual([true, false]);
  });

  it("stops observing everything on stop", () => {
    const f = fakeObserver();
    const t = createVisibilityTracker(f.make);
    t.start(null);
    t.observe({} as Element, () => {});
    t.stop();
    expect(f.observed.size).toBe(0);
  });
});
