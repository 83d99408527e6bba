import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

// The browser must never run zod's eval probe (our CSP refuses eval): the setup runs before any object schema is built.
describe("zod setup", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    z.config({ jitless: false });
  });

  it("turns off code generation in a browser", async () => {
    vi.stubGlobal("window", {});
    vi.resetModules();
    const { z: fresh } = await import("zod");
    await import("./zod-setup");
    expect(fresh.config().jitless).toBe(true);
  });

  it("is the first import of every module that builds object schemas at load time", () => {
    for (const file of ["schemas.ts", "endpoints.ts", "stream.ts"]) {
      const src = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
      const firstImport = src.split("\n").find((l) => l.startsWith("import "));
      expect(firstImport, file).toBe('import "./zod-setup";');
    }
  });
});
