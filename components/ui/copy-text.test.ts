import { describe, expect, it } from "vitest";
import { type CopyEnv, copyText } from "./copy-text";

function fakeDocument(result: boolean | "throw") {
  const appended: { value: string; removed: boolean }[] = [];
  const doc = {
    body: {
      appendChild(el: { value: string; removed: boolean }) {
        appended.push(el);
        return el;
      },
    },
    createElement() {
      const el = {
        value: "",
        className: "",
        removed: false,
        setAttribute() {},
        select() {},
        remove() {
          el.removed = true;
        },
      };
      return el;
    },
    execCommand() {
      if (result === "throw") throw new Error("denied");
      return result;
    },
  };
  return { doc: doc as unknown as CopyEnv["document"], appended };
}

describe("copyText", () => {
  it("uses the async clipboard", async () => {
    let got = "";
    const ok = await copyText("0xabc", { clipboard: { writeText: async (t) => void (got = t) } });
    expect(ok).toBe(true);
    expect(got).toBe("0xabc");
  });

  it("falls back to a temporary textarea when the clipboard refuses, and cleans up", async () => {
    const { doc, appended } = fakeDocument(true);
    const ok = await copyText("So1ana", {
      clipboard: { writeText: () => Promise.reject(new Error("denied")) },
      document: doc,
    });
    expect(ok).toBe(true);
    expect(appended[0]).toMatchObject({ value: "So1ana", removed: true });
  });

  it("reports failure instead of throwing", async () => {
    expect(await copyText("x", {})).toBe(false);
    expect(await copyText("x", { document: fakeDocument(false).doc })).toBe(false);
    const { doc, appended } = fakeDocument("throw");
    expect(await copyText("x", { document: doc })).toBe(false);
    expect(appended[0].removed).toBe(true);
  });
});
