import { describe, expect, it } from "vitest";
import { shortcutFor } from "./shortcuts";

const k = (
  key: string,
  over: Partial<{ metaKey: boolean; ctrlKey: boolean; altKey: boolean; editing: boolean }> = {},
) => ({
  key,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  editing: false,
  ...over,
});

describe("shortcutFor", () => {
  it("opens search with ⌘K / Ctrl-K even while typing, and with / otherwise", () => {
    expect(shortcutFor(k("k", { metaKey: true, editing: true }), false)).toEqual({ type: "toggle-search" });
    expect(shortcutFor(k("K", { ctrlKey: true }), false)).toEqual({ type: "toggle-search" });
    expect(shortcutFor(k("/"), false)).toEqual({ type: "search" });
    expect(shortcutFor(k("/", { editing: true }), false)).toBeNull();
  });

  it("shows shortcuts on ?, never while typing", () => {
    expect(shortcutFor(k("?"), false)).toEqual({ type: "shortcuts" });
    expect(shortcutFor(k("?", { editing: true }), false)).toBeNull();
  });

  it("navigates with g then a letter", () => {
    expect(shortcutFor(k("g"), false)).toEqual({ type: "prefix" });
    expect(shortcutFor(k("p"), true)).toEqual({ type: "go", href: "/pulse" });
    expect(shortcutFor(k("w"), true)).toEqual({ type: "go", href: "/watchlist" });
    expect(shortcutFor(k("x"), true)).toBeNull();
    expect(shortcutFor(k("p"), false)).toBeNull();
  });

  it("leaves browser and modified keys alone", () => {
    expect(shortcutFor(k("k", { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutFor(k("/", { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(k("g", { altKey: true }), false)).toBeNull();
  });
});
