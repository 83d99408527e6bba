import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_SCHEMA } from "./config";

const read = Object.keys(ENV_SCHEMA.shape).sort();

// .env.example and the README's configuration table document exactly the variables the server reads.
describe(".env.example", () => {
  const text = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const documented = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it("documents every variable the server reads", () => {
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("holds no value for a secret and no secret in a NEXT_PUBLIC_ variable", () => {
    expect(text).toMatch(/^MARKET_API_KEY=$/m);
    expect(text).toMatch(/^METRICS_TOKEN=$/m);
    expect(text).not.toMatch(/^NEXT_PUBLIC_\w*(KEY|TOKEN|SECRET)/m);
  });
});

describe("README configuration table", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  const listed = rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));

  it("lists exactly the variables of the configuration schema, once each", () => {
    expect(rows.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual(read);
  });
});
