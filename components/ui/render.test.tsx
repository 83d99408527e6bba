import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { Address } from "./address";
import { Age } from "./age";
import { Avatar } from "./avatar";
import { BADGE_KINDS, Badge, Chip } from "./badge";
import { ChainTag, chainShortLabel } from "./chain-tag";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";
import { Flash } from "./flash";
import { LiveDot } from "./live-dot";
import { NotFoundPanel } from "./not-found-panel";
import { delayLabel, LivenessChip } from "./liveness-chip";
import { Count, Num, Units, Usd } from "./num";
import { Pct } from "./pct";
import { Price } from "./price";
import { ProgressBar } from "./progress-bar";
import { SegmentedControl } from "./segmented-control";
import { SkeletonRows } from "./skeleton";
import { Sparkline } from "./sparkline";
import { TableHead } from "./table-head";
import { TabPanel, Tabs } from "./tabs";
import { Tooltip } from "./tooltip";

const html = (el: React.ReactElement) => renderToStaticMarkup(el);
const text = (el: React.ReactElement) => html(el).replace(/<[^>]+>/g, "");
const noop = () => {};

describe("figures", () => {
  it("unknown is a muted dash, never 0", () => {
    for (const el of [
      <Num key="num" value={null} />,
      <Usd key="usd" value={undefined} />,
      <Price key="price" value={Number.NaN} />,
      <Pct key="pct" value={null} />,
      <Count key="count" value={null} />,
    ]) {
      const out = html(el);
      expect(out).toContain(">—<");
      expect(out).toContain('title="Unknown"');
      expect(out).toContain("text-muted");
    }
  });

  it("numbers use tabular figures with the full value in the title", () => {
    const out = html(<Usd value={1234567.891} />);
    expect(out).toContain('class="num');
    expect(out).toContain(">$1.23M<");
    expect(out).toContain('title="$1,234,567.89"');
    expect(text(<Num value={4_500_000} />)).toBe("4.5M");
    expect(text(<Num value={1234.5678} full decimals={2} />)).toBe("1,234.57");
    expect(text(<Count value={12345} />)).toBe("12,345");
  });

  it("signed USD is coloured by sign", () => {
    expect(html(<Usd value={-450} signed />)).toContain("text-down");
    expect(text(<Usd value={-450} signed />)).toBe("−$450");
    expect(html(<Usd value={1234} signed />)).toContain("text-up");
  });

  it("tiny prices show subscript zeros; readers get the plain digits", () => {
    const out = html(<Price value={0.000005123} />);
    expect(out).toContain('<span aria-hidden="true">$0.0₅5123</span>');
    expect(out).toContain('<span class="sr-only select-none">$0.000005123</span>');
    expect(text(<Price value={0.000005123} quote={{ symbol: "SOL" }} />)).toContain("0.0₅5123 SOL");
    expect(text(<Price value="0.5" quote="none" />)).toContain("0.50");
  });

  it("percent changes are coloured and signed", () => {
    expect(html(<Pct value={3.7} />)).toContain("text-up");
    expect(text(<Pct value={3.7} />)).toBe("+3.7%");
    expect(html(<Pct value={-12.44} arrow />)).toContain("text-down");
    expect(text(<Pct value={-12.44} arrow />)).toBe("▼−12.4%");
    expect(html(<Pct value={0.001} />)).toContain("text-muted");
    expect(html(<Pct value={73.4} signed={false} />)).not.toMatch(/text-(up|down)/);
  });

  it("amounts in smallest units", () => {
    const out = html(<Units raw="1500000000000000000" decimals={18} symbol="ETH" />);
    expect(out).toContain(">1.5 ETH<");
    expect(out).toContain('title="1.5 ETH"');
    expect(html(<Units raw="1.5" decimals={18} />)).toContain(">—<");
  });
});

describe("time", () => {
  it("Age renders a <time> with the UTC moment in its title", () => {
    const at = Date.now() - 12_000;
    const out = html(<Age at={at} />);
    expect(out).toMatch(/<time dateTime="[^"]+Z"/);
    expect(out).toMatch(/>1[2-4]s</);
    expect(out).toContain(" UTC");
    expect(html(<Age at={null} />)).toContain(">—<");
  });
});

describe("identity", () => {
  it("Address shows the short form, the full one in the title, and a copy button", () => {
    const a = "0x1234567890abcdef1234567890abcdef12345678";
    const out = html(<Address address={a} />);
    expect(out).toContain(">0x1234…5678<");
    expect(out).toContain(`title="${a}"`);
    expect(out).toContain('aria-label="Copy address"');
    const linked = html(<Address address={a} href={`/wallet/${a}`} copy={false} label="vitalik.eth" />);
    expect(linked).toContain(`href="/wallet/${a}"`);
    expect(linked).toContain(">vitalik.eth<");
    expect(linked).not.toContain("Copy address");
  });

  it("Avatar is deterministic and needs no image or inline style", () => {
    const a = html(<Avatar seed="0xabc" />);
    expect(a).toBe(html(<Avatar seed="0xABC" />));
    expect(a).not.toContain("style=");
    expect(a).not.toContain("<img");
    expect(a).toContain('aria-hidden="true"');
    expect(html(<Avatar seed="0xabc" label="PEPE" />)).toContain('aria-label="PEPE"');
  });

  it("every badge has a label and an explanation", () => {
    for (const kind of BADGE_KINDS) {
      const out = html(<Badge kind={kind} />);
      expect(out).toMatch(/title="[^"]{8,}"/);
      expect(text(<Badge kind={kind} />).length).toBeGreaterThan(1);
    }
    expect(text(<Chip tone="warn">Simulated market</Chip>)).toBe("Simulated market");
  });
});

describe("chains and live values", () => {
  it("chain tags are short with the full name in the title", () => {
    expect(chainShortLabel("evm:8453")).toBe("BASE");
    expect(chainShortLabel("solana")).toBe("SOL");
    expect(chainShortLabel("evm:645749")).toBe("EVM-64");
    expect(chainShortLabel("evm:77777")).toBe("evm:77777");
    expect(html(<ChainTag chain="evm:8453" />)).toContain('title="Base (evm:8453)"');
    expect(html(<ChainTag chain={"x\u202Ey"} />)).not.toContain("\u202E");
  });

  it("flash renders its content untinted at first", () => {
    const out = html(
      <Flash value={1}>
        <Usd value={1} />
      </Flash>,
    );
    expect(out).not.toContain("data-flash");
    expect(out).toContain("$1.00");
  });
});

describe("states", () => {
  it("skeleton rows are one status, bounded", () => {
    const out = html(<SkeletonRows rows={1000} />);
    expect(out.match(/role="status"/g)).toHaveLength(1);
    expect(out.match(/animate-pulse/g)).toHaveLength(50);
  });

  it("empty state", () => {
    expect(text(<EmptyState title="No trades yet">Trades appear here live.</EmptyState>)).toBe(
      "No trades yetTrades appear here live.",
    );
  });

  it("error state offers retry only when it can help, and shows the code", () => {
    const retry = html(<ErrorState error={new ApiError("upstream_unavailable", "down")} onRetry={noop} />);
    expect(retry).toContain('role="alert"');
    expect(retry).toContain("Market data unavailable");
    expect(retry).toContain(">upstream_unavailable<");
    expect(retry).toContain(">Retry<");
    expect(html(<ErrorState error={new ApiError("token_not_found", "no")} onRetry={noop} />)).not.toContain(">Retry<");
  });

  it("live dot says its state", () => {
    expect(text(<LiveDot state="live" />)).toBe("Live");
    expect(html(<LiveDot state="reconnecting" showLabel={false} />)).toContain('class="sr-only">Reconnecting<');
    expect(html(<LiveDot state="offline" />)).toContain("bg-down");
    expect(text(<LiveDot state="delayed" label="Delayed ~3 s" />)).toBe("Delayed ~3 s");
    expect(html(<LiveDot state="delayed" label="Delayed ~3 s" />)).toContain('title="Stream: Delayed ~3 s"');
  });
});

describe("liveness chip", () => {
  it("says Live when streamed (or not yet told), Delayed ~N s in whole seconds when polled", () => {
    expect(text(<LivenessChip liveness={null} what="trades" />)).toBe("Live");
    expect(text(<LivenessChip liveness={{ mode: "stream", delayMs: null }} what="trades" />)).toBe("Live");
    expect(text(<LivenessChip liveness={{ mode: "poll", delayMs: 2_600 }} what="trades" />)).toBe("Delayed ~3 s");
    expect(delayLabel({ mode: "poll", delayMs: 120 })).toBe("Delayed ~1 s");
    expect(delayLabel({ mode: "poll", delayMs: null })).toBe("Delayed ~1 s");
    expect(delayLabel({ mode: "stream", delayMs: 9_000 })).toBeNull();
  });
});

describe("progress and sparkline", () => {
  it("progress bar clamps and exposes its value", () => {
    const out = html(<ProgressBar value={142} />);
    expect(out).toContain('aria-valuenow="100"');
    expect(out).toContain('<rect width="100" height="4" class="fill-up">');
    expect(html(<ProgressBar value={37.26} />)).toContain('aria-valuenow="37.3"');
    expect(html(<ProgressBar value={-5} />)).toContain('aria-valuenow="0"');
    expect(html(<ProgressBar value={null} />)).toContain(">—<");
    expect(html(<ProgressBar value={50} />)).not.toContain("style=");
  });

  it("sparkline draws values, or a muted line labelled no data", () => {
    const up = html(<Sparkline values={[1, 2, 3]} />);
    expect(up).toContain("<polyline");
    expect(up).toContain("stroke-up");
    const empty = html(<Sparkline values={[]} />);
    expect(empty).toContain('aria-label="no data"');
    expect(empty).toContain("<title>no data</title>");
    expect(empty).toContain("stroke-muted");
    expect(empty).not.toContain("<polyline");
    expect(html(<Sparkline values={null} />)).toContain("no data");
  });
});

describe("pickers", () => {
  it("tabs wire tab and panel together", () => {
    const items = [
      { value: "trades", label: "Trades", count: 1234 },
      { value: "holders", label: "Holders" },
    ] as const;
    const out = html(
      <>
        <Tabs items={items} value="trades" onValueChange={noop} idBase="tok" label="Token data" />
        <TabPanel idBase="tok" value="trades" active>
          rows
        </TabPanel>
        <TabPanel idBase="tok" value="holders" active={false}>
          hidden
        </TabPanel>
      </>,
    );
    expect(out).toContain('role="tablist" aria-label="Token data"');
    expect(out).toMatch(/id="tok-tab-trades" aria-selected="true" aria-controls="tok-panel-trades" tabindex="0"/i);
    expect(out).toMatch(/id="tok-tab-holders" aria-selected="false"[^>]*tabindex="-1"/i);
    expect(out).toContain(">1,234<");
    expect(out).toContain('id="tok-panel-trades" aria-labelledby="tok-tab-trades"');
    expect(out).not.toContain("hidden</div>");
  });

  it("tabs that show panels of another tablist point aria-controls at those", () => {
    const items = [{ value: "stats", label: "Stats" }] as const;
    const out = html(
      <Tabs items={items} value="stats" onValueChange={noop} idBase="phone" label="Sections" panelIdOf={(v) => `side-panel-${v}`} />,
    );
    expect(out).toContain('aria-controls="side-panel-stats"');
    expect(out).not.toContain("phone-panel-");
  });

  it("segmented control is a native radio group", () => {
    const out = html(
      <SegmentedControl
        label="Interval"
        value="5m"
        onValueChange={noop}
        options={[
          { value: "1m", label: "1m" },
          { value: "5m", label: "5m" },
        ]}
      />,
    );
    expect(out).toContain('role="radiogroup" aria-label="Interval"');
    expect(out.match(/type="radio"/g)).toHaveLength(2);
    expect(out).toMatch(/<input(?=[^>]*value="5m")(?=[^>]*checked="")[^>]*>/);
    expect(out).not.toMatch(/<input(?=[^>]*value="1m")(?=[^>]*checked)[^>]*>/);
  });

  it("tooltip describes its trigger", () => {
    const out = html(
      <Tooltip content="Liquidity in USD">
        <span>Liq</span>
      </Tooltip>,
    );
    const id = /aria-describedby="([^"]+)"/.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(out).toContain(`role="tooltip" id="${id}"`);
  });
});

describe("TableHead", () => {
  it("one column header per column, in order; a hidden one is spoken only", () => {
    const out = html(
      <table>
        <TableHead
          className="sticky top-0"
          columns={[
            { name: "Age", className: "px-2 text-left" },
            { name: "Transaction", hidden: true, className: "px-2" },
          ]}
        />
      </table>,
    );
    expect(out).toBe(
      '<table><thead class="sticky top-0 text-micro uppercase tracking-wide text-muted"><tr>' +
        '<th scope="col" class="px-2 text-left font-medium">Age</th>' +
        '<th scope="col" class="px-2 font-medium"><span class="sr-only">Transaction</span></th></tr></thead></table>',
    );
  });

  it("a column's title becomes its header's tooltip", () => {
    const out = html(
      <table>
        <TableHead columns={[{ name: "Peak", className: "text-right", title: "Peak market cap" }]} />
      </table>,
    );
    expect(out).toContain('<th scope="col" class="text-right font-medium" title="Peak market cap">Peak</th>');
  });
});

describe("NotFoundPanel", () => {
  it("says what is missing and links back to Pulse", () => {
    const out = html(
      <NotFoundPanel testId="x-not-found" title="Token not found" back="Browse new tokens">
        No token here.
      </NotFoundPanel>,
    );
    expect(out).toContain('data-testid="x-not-found"');
    expect(out).toContain(">Token not found<");
    expect(out).toMatch(/<a [^>]*href="\/pulse"[^>]*>Browse new tokens<\/a>/);
    expect(
      text(
        <NotFoundPanel testId="t" title="T" back="B">
          No token here.
        </NotFoundPanel>,
      ),
    ).toContain("No token here.");
  });
});
