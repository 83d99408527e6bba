import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A scroll container must be `relative`: an absolutely positioned child (every `sr-only` label is one) is clipped by
// its scroller only when the scroller is its containing block. Otherwise the label sits where the scrolled content
// would be and the whole page scrolls sideways on a phone.

const SCROLLER = /\boverflow(?:-[xy])?-(?:auto|scroll)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".tsx") && !name.includes(".test.") ? [path] : [];
  });
}

/** Every string literal (quoted or template) in a file that names a scroll container's overflow class. */
function scrollerClasses(text: string): string[] {
  const literals = text.match(/"[^"\n]*"|`[^`]*`/g) ?? [];
  return literals.filter((s) => SCROLLER.test(s));
}

describe("scroll containers", () => {
  const files = [...sources("components"), ...sources("app")];

  it("finds the scrollers it checks", () => {
    expect(files.flatMap((f) => scrollerClasses(readFileSync(f, "utf8"))).length).toBeGreaterThan(5);
  });

  it("every scroller is the containing block of its labels", () => {
    const bad = files.flatMap((f) =>
      scrollerClasses(readFileSync(f, "utf8"))
        .filter((s) => !/\brelative\b/.test(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it("flags a scroller without `relative`", () => {
    expect(
      scrollerClasses('<div className="max-h-80 overflow-y-auto">').filter((s) => !/\brelative\b/.test(s)),
    ).toHaveLength(1);
  });
});
