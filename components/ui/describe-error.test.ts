import { describe, expect, it } from "vitest";
import { ApiError, ERROR_CODES } from "@/lib/api/errors";
import { STREAM_ERROR_CODES } from "@/lib/api/stream";
import { describeError } from "./describe-error";

describe("describeError", () => {
  it("names known codes and says whether retrying helps", () => {
    expect(describeError(new ApiError("rate_limited", "slow down", { retryAfterSec: 3 }))).toEqual({
      title: "Too many requests",
      detail: "slow down Retry in 3s.",
      code: "rate_limited",
      retryable: true,
      retryAfterSec: 3,
    });
    expect(describeError(new ApiError("token_not_found", "no such token"))).toMatchObject({
      title: "Token not found",
      retryable: false,
    });
    expect(describeError(new ApiError("invalid_parameter", "bad"))).toMatchObject({
      title: "Invalid request",
      retryable: false,
    });
  });
  it("titles every code a page can meet: REST errors and stream refusals", () => {
    const internal = new Set(["method_not_allowed", "unsupported_media_type", "upgrade_required", "network_error"]);
    const protocol = new Set([
      "auth_required",
      "auth_failed",
      "invalid_frame",
      "frame_too_large",
      "unknown_channel",
      "invalid_params",
      "duplicate_id",
      "unknown_id",
      "rate_limited",
    ]);
    const codes = [...Object.keys(ERROR_CODES), ...STREAM_ERROR_CODES].filter(
      (c) => !internal.has(c) && !protocol.has(c),
    );
    for (const code of codes)
      expect([code, describeError(new ApiError(code, "x")).title]).not.toEqual([code, "Something went wrong"]);
  });
  it("handles anything thrown", () => {
    expect(describeError(new Error("boom"))).toMatchObject({
      title: "Something went wrong",
      detail: "boom",
      code: null,
      retryable: true,
    });
    expect(describeError("plain")).toMatchObject({ detail: "plain" });
    expect(describeError(undefined)).toMatchObject({ detail: "Please try again." });
    expect(describeError({ code: "network_error" })).toMatchObject({
      title: "Connection problem",
      code: "network_error",
    });
  });
  it("clips long messages", () => {
    expect(describeError(new Error("x".repeat(5000))).detail.length).toBeLessThanOrEqual(200);
  });
});
