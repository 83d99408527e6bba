import { describe, expect, it } from "vitest";
import { isPhone } from "./phone";

describe("isPhone", () => {
  const h = (entries: Record<string, string>) => new Headers(entries);
  it("follows Chromium's mobile client hint, else the user agent's Mobi", () => {
    expect(isPhone(h({ "sec-ch-ua-mobile": "?1" }))).toBe(true);
    expect(isPhone(h({ "sec-ch-ua-mobile": "?0", "user-agent": "Mozilla/5.0 (Linux; Android 11) Mobile" }))).toBe(false);
    expect(isPhone(h({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 Safari/604.1" }))).toBe(true);
    expect(isPhone(h({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" }))).toBe(false);
    expect(isPhone(h({}))).toBe(false);
  });
});
