import { describe, expect, it } from "vitest";
import { marketForFile, TEST_KEY } from "../testing/harness";

// A chain the market does not serve is a 400 `unknown_chain` that costs nothing; sparklines charge per distinct pool
// (the registry canonicalizes the body: each pool once, EVM lowercase).

const h = marketForFile({ warmupMs: 5 * 60_000, seed: 4 }, 60_000);

const WALLET = "0x00000000000000000000000000000000000000b1";
const TOKEN = "0x00000000000000000000000000000000000000aa";

describe("unknown chains", () => {
  it.each([
    ["GET", "/v1/search?q=pepe&chain=evm:999999", undefined, "chain"],
    ["GET", "/v1/pulse?view=new&chains=solana,evm:999999", undefined, "chains"],
    ["GET", `/v1/wallet/trades?chain=evm:999999&wallet=${WALLET}`, undefined, "chain"],
    ["GET", `/v1/wallet/positions?chain=evm:999999&wallet=${WALLET}`, undefined, "chain"],
    ["GET", `/v1/wallet/funding?chain=evm:999999&wallet=${WALLET}`, undefined, "chain"],
    ["GET", `/v1/wallet/pnl?chain=evm:999999&wallet=${WALLET}`, undefined, "chain"],
    ["GET", `/v1/token?chain=evm:999999&address=${TOKEN}`, undefined, "chain"],
    ["GET", `/v1/token/ohlcv?chain=evm:999999&address=${TOKEN}&pools=${TOKEN}`, undefined, "chain"],
    ["GET", "/v1/meta/factories?chain=evm:999999", undefined, "chain"],
    ["POST", "/v1/token/sparklines", { chain: "evm:999999", pools: [TOKEN] }, "chain"],
  ])("%s %s → 400 unknown_chain, no credits", async (method, path, body, param) => {
    const before = h.sim.ledger.spent(TEST_KEY);
    const r = await h.call(method, path, { body });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "unknown_chain", param });
    expect(h.sim.ledger.spent(TEST_KEY)).toBe(before);
  });

  it("reports an unknown chain in a batch item's own slot, keeping order", async () => {
    const est = h.state.notable.establishedToken;
    const r = await h.call("POST", "/v1/token/price", {
      body: {
        items: [
          { chain: "evm:999999", address: TOKEN },
          { chain: est.chain, address: est.address },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data[0].error.code).toBe("unknown_chain");
    expect(r.body.data[1].data.address).toBe(est.address);
  });
});

describe("sparkline credits", () => {
  it("charges one credit per distinct pool, however often and in whatever case it is named", async () => {
    const est = h.state.notable.establishedToken;
    const [a, b] = est.pools as string[];
    const pools = est.chain === "solana" ? [a, a, b] : [a, a, (a as string).toUpperCase().replace("0X", "0x"), b];
    const before = h.sim.ledger.spent(TEST_KEY);
    const r = await h.call("POST", "/v1/token/sparklines", { body: { chain: est.chain, pools } });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-credits-spent")).toBe("2");
    expect(h.sim.ledger.spent(TEST_KEY) - before).toBe(2);
  });
});
