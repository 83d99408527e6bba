import { describe, expect, it } from "vitest";
import { liveStatusView } from "./live-status-model";

describe("liveStatusView", () => {
  it("is Live only when connected and every view is streamed", () => {
    expect(liveStatusView("live", 0, null)).toEqual({ state: "live" });
  });

  it("says Delayed ~N s with the worst delay when any view is polled", () => {
    expect(liveStatusView("live", 0, 4_400)).toMatchObject({ state: "delayed", label: "Delayed ~4 s" });
    expect(liveStatusView("live", 0, 0)).toMatchObject({ state: "delayed", label: "Delayed ~1 s" });
  });

  it("keeps Partly live for refused views, and the connection's own state when not connected", () => {
    expect(liveStatusView("live", 2, 4_400)).toMatchObject({ state: "partial", title: expect.stringContaining("2 live views are") });
    expect(liveStatusView("live", 1, null).title).toContain("1 live view is");
    for (const s of ["connecting", "reconnecting", "offline"] as const) expect(liveStatusView(s, 1, 9_000)).toEqual({ state: s });
  });
});
