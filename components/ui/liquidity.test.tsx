import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Liquidity } from "./liquidity";

const text = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<[^>]+>/g, "");

describe("Liquidity", () => {
  it("says liquidity is moving between a migration and its DEX pool, never $0", () => {
    expect(text(<Liquidity migrated liquidityUsd={0} />)).toBe("moving");
  });

  it("shows the amount otherwise, a bonding curve's $0 included", () => {
    expect(text(<Liquidity migrated liquidityUsd={18_300} />)).toBe("$18.3K");
    expect(text(<Liquidity migrated={false} liquidityUsd={0} />)).toBe("$0");
  });

  it("an unknown amount stays unknown (not moving, not $0)", () => {
    const out = text(<Liquidity migrated liquidityUsd={null} />);
    expect(out).not.toBe("moving");
    expect(out).not.toContain("$0");
  });
});
