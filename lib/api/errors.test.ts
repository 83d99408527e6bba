import { describe, expect, it, vi } from "vitest";
import { ApiError, asApiError, toApiError } from "./errors";

describe("ApiError", () => {
  it("takes its status from the code table unless given one", () => {
    expect(new ApiError("token_not_found", "no such token")).toMatchObject({ status: 404, code: "token_not_found" });
    expect(new ApiError("forbidden", "no")).toMatchObject({ status: 403 });
    expect(new ApiError("made_up", "?")).toMatchObject({ status: 500 });
    expect(new ApiError("rate_limited", "slow down", { status: 429, retryAfterSec: 3 }).retryAfterSec).toBe(3);
  });

  it("is recognised across separately loaded copies of the module", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.ApiError).not.toBe(ApiError);
    const foreign = new copy.ApiError("token_not_found", "no token");
    expect(foreign instanceof ApiError).toBe(true);
    expect(new ApiError("not_found", "x") instanceof copy.ApiError).toBe(true);
    expect(new Error("plain") instanceof ApiError).toBe(false);
    expect({ name: "ApiError", code: "x" } instanceof ApiError).toBe(false);
    expect((null as unknown) instanceof ApiError).toBe(false);
  });

  it("parses any body into an ApiError once", () => {
    expect(toApiError(404, { error: { code: "token_not_found", message: "gone", param: "address" } })).toMatchObject({
      code: "token_not_found",
      status: 404,
      param: "address",
    });
    expect(toApiError(503, "<html>")).toMatchObject({ code: "upstream_error", status: 503 });
    expect(toApiError(418, undefined)).toMatchObject({ code: "internal_error", status: 418 });
  });

  it("normalises anything thrown once: an ApiError as is, the rest as internal_error without its own text", () => {
    const known = new ApiError("token_not_found", "gone");
    expect(asApiError(known)).toBe(known);
    const bug = asApiError(new TypeError("secret internals at /srv/app.js:12"));
    expect(bug).toMatchObject({ code: "internal_error", status: 500, message: "internal error" });
    expect(asApiError("boom", { message: "token detail failed" }).message).toBe("token detail failed");
    expect(asApiError(new Error("offline?"), { message: "offline?", status: 0 })).toMatchObject({ status: 0 });
  });
});
