import { afterEach, describe, expect, it, vi } from "vitest";
import { cohortsOptions } from "./cohorts";
import { fetchTokenReport, tokenReportOptions } from "./token-report";
import { tradersOptions } from "./traders";

const REF = { chain: "evm:8453", address: "0x00000000000000000000000000000000000000aa" } as const;
const isReport = (x: unknown): x is { meta: { asOf: number }; data: string } =>
  typeof (x as { data?: unknown })?.data === "string";

afterEach(() => vi.unstubAllGlobals());

describe("fetchTokenReport", () => {
  it("asks the route for the token and returns a report that passes the guard", async () => {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ data: "r", meta: { asOf: 5 } }));
    });
    expect(await fetchTokenReport("/api/token/x", REF, isReport, "x report")).toEqual({ data: "r", meta: { asOf: 5 } });
    expect(urls).toEqual([`/api/token/x?chain=evm%3A8453&address=${REF.address}`]);
  });

  it("turns an error answer into its ApiError, and a report of another shape into upstream_bad_response", async () => {
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ error: { code: "token_not_found", message: "no" } }), { status: 404 }),
    );
    await expect(fetchTokenReport("/p", REF, isReport, "x report")).rejects.toMatchObject({
      code: "token_not_found",
      status: 404,
    });
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ data: 1, meta: { asOf: 5 } })));
    await expect(fetchTokenReport("/p", REF, isReport, "x report")).rejects.toMatchObject({
      code: "upstream_bad_response",
      status: 502,
      message: "x report has an unexpected shape",
    });
  });

  it("reports a failed request as network_error, and an aborted one as its abort", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("connection refused");
    });
    await expect(fetchTokenReport("/p", REF, isReport, "x report")).rejects.toMatchObject({
      code: "network_error",
      status: 0,
    });
    const ac = new AbortController();
    const reason = new Error("left the page");
    ac.abort(reason);
    await expect(fetchTokenReport("/p", REF, isReport, "x report", ac.signal)).rejects.toBe(reason);
  });
});

describe("tokenReportOptions", () => {
  it("keys a report by name and token and refreshes it as often as the server recomputes it", () => {
    const o = tokenReportOptions("x", REF, async () => 1, 30_000);
    expect(o.queryKey).toEqual(["x", REF.chain, REF.address]);
    expect(o.staleTime).toBe(25_000);
    expect(o.refetchInterval).toBe(30_000);
    expect(tradersOptions(REF).queryKey).toEqual(["traders", REF.chain, REF.address]);
    expect(cohortsOptions(REF).queryKey).toEqual(["cohorts", REF.chain, REF.address]);
  });
});
