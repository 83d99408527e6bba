import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CardLiquidity } from "./pulse-card";

const text = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<[^>]+>/g, "");

describe("Pulse card liquidity", () => {
  it("says liquidity is moving between a migration and its DEX pool, never $0", () => {
    expect(text(<CardLiquidity migrated liquidityUsd={0} />)).toBe("moving");
  });

  it("shows the amount otherwise, a bonding curve's $0 included", () => {
    expect(text(<CardLiquidity migrated liquidityUsd={18_300} />)).toBe("$18.3K");
    expect(text(<CardLiquidity migrated={false} liquidityUsd={0} />)).toBe("$0");
  });
});
