import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints.mjs";

let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function build(files: Record<string, string>): string {
  dist = mkdtempSync(join(tmpdir(), "hints-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dist, path, ".."), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  return dist;
}
const read = (path: string) => readFileSync(join(dist, path), "utf8");

describe("addCompileHints", () => {
  it("puts the hint on the first line of every browser script, sub-folders included, and nothing else", () => {
    const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["x",1,e=>{"use strict";e.s([])}]);\n';
    build({
      "static/chunks/a.js": chunk,
      "static/chunks/app/page-1.js": "self.x=1;",
      "static/chunks/a.css": "body{color:red}",
      "static/media/icon.js": "not a chunk",
      "server/chunks/ssr.js": "module.exports={}",
    });
    expect(addCompileHints(dist)).toBe(2);
    expect(read("static/chunks/a.js")).toBe(COMPILE_HINT + chunk);
    expect(read("static/chunks/app/page-1.js")).toBe(`${COMPILE_HINT}self.x=1;`);
    expect(read("static/chunks/a.css")).toBe("body{color:red}");
    expect(read("static/media/icon.js")).toBe("not a chunk");
    expect(read("server/chunks/ssr.js")).toBe("module.exports={}");
  });

  it("is idempotent: a second pass changes nothing", () => {
    build({ "static/chunks/a.js": "1;" });
    addCompileHints(dist);
    expect(addCompileHints(dist)).toBe(0);
    expect(read("static/chunks/a.js")).toBe(`${COMPILE_HINT}1;`);
  });

  it("the hint is a line comment: the script means what it meant", () => {
    build({ "static/chunks/a.js": "globalThis.__hinted = 40 + 2;" });
    addCompileHints(dist);
    new Function(read("static/chunks/a.js"))();
    expect((globalThis as { __hinted?: number }).__hinted).toBe(42);
    delete (globalThis as { __hinted?: number }).__hinted;
  });
});
