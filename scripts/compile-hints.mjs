// V8's explicit compile hint (Chrome 136 and later): a script whose very first line is this comment has all its
// functions compiled eagerly, on the background thread that streams the script in, instead of each one on the main
// thread the first time it is called. A Turbopack chunk is a list of module factories that the page calls as it
// loads, so without the hint each factory (the whole of react-dom, the router, lightweight-charts) was parsed and
// compiled on the main thread inside the task that instantiates it: the framework's chunk took 120–170 ms of main
// thread on a phone-sized load here, 40–50 ms with the hint (docs/bench.md, "Compile hints"). Browsers without the
// hint read a comment.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the hint at the top of every browser script of a build (`<distDir>/static/chunks`, sub-folders included),
 * once: a script that already starts with it is left as it is. Returns how many scripts it changed.
 * @param {string} distDir the build directory (absolute, or relative to the working directory)
 */
export function addCompileHints(distDir) {
  let changed = 0;
  const visit = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith(".js")) {
        const text = readFileSync(path, "utf8");
        if (text.startsWith(COMPILE_HINT)) continue;
        writeFileSync(path, COMPILE_HINT + text);
        changed++;
      }
    }
  };
  visit(join(distDir, "static", "chunks"));
  return changed;
}
