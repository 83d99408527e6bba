import { describe, expect, it } from "vitest";
import { socialUrl } from "./social-url";

describe("socialUrl", () => {
  it("builds profile URLs from bare handles", () => {
    expect(socialUrl("twitter", "@pepe")).toBe("https://x.com/pepe");
    expect(socialUrl("twitter", "pepe_coin")).toBe("https://x.com/pepe_coin");
    expect(socialUrl("telegram", "@pepe_portal")).toBe("https://t.me/pepe_portal");
  });
  it("otherwise applies the https rules", () => {
    expect(socialUrl("twitter", "https://twitter.com/pepe")).toBe("https://twitter.com/pepe");
    expect(socialUrl("twitter", "javascript:alert(1)")).toBeNull();
    expect(socialUrl("telegram", "@abc")).toBeNull(); // too short for a Telegram name, not a URL either
    expect(socialUrl("twitter", "@this_handle_is_too_long")).toBeNull();
    expect(socialUrl("twitter", null)).toBeNull();
  });
});
