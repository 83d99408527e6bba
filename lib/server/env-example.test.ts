import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_ENV_SCHEMA } from "./config";
import { PROXY_ENV_SCHEMA } from "./proxy-settings";

// .env.example is the one list of every variable the server reads; a new variable must be documented there.
describe(".env.example", () => {
  const text = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const documented = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it("documents every variable the server and the proxy read", () => {
    const read = [...Object.keys(CONFIG_ENV_SCHEMA.shape), ...Object.keys(PROXY_ENV_SCHEMA.shape)];
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("holds no value for a secret and no secret in a NEXT_PUBLIC_ variable", () => {
    expect(text).toMatch(/^MARKET_API_KEY=$/m);
    expect(text).toMatch(/^METRICS_TOKEN=$/m);
    expect(text).not.toMatch(/^NEXT_PUBLIC_\w*(KEY|TOKEN|SECRET)/m);
  });
});
