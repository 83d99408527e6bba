"use client";

import { defaultInterval } from "@/components/chart/intervals";
import { useOverlay } from "@/components/layout/overlay-store";
import { parseChainId } from "@/lib/api/core";
import { serverClock } from "@/lib/client/server-clock";
import { useWatchlist, useWatchlistHydrated } from "@/lib/client/watchlist";
import { safeText, shortAddress } from "@/lib/format";
import type { ChartCell } from "./layout-codec";

const BTN = "rounded border border-border px-2 py-0.5 text-mini text-fg hover:border-accent hover:text-accent";

/** Fills a cell from the search palette (pick mode) or from the watchlist. */
export function CellPicker({
  index,
  onPick,
  onClear,
}: {
  index: number;
  onPick(cell: ChartCell): void;
  onClear?(): void;
}) {
  const openPicker = useOverlay((s) => s.openPicker);
  const hydrated = useWatchlistHydrated();
  const items = useWatchlist((s) => s.items);
  const watch = hydrated ? items : [];
  return (
    <div className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={BTN}
        data-testid="cell-search"
        onClick={() =>
          openPicker(`Choose a token for chart ${index + 1}`, (t) => {
            const chain = parseChainId(t.chain);
            if (!chain) return;
            const age = t.createdAt ? Date.now() + serverClock.offsetMs() - t.createdAt : null;
            onPick({ kind: "chart", chain, address: t.address, interval: defaultInterval(age), quote: "native" });
          })
        }
      >
        Search…
      </button>
      {watch.length > 0 ? (
        <select
          aria-label={`Chart ${index + 1} from the watchlist`}
          data-testid="cell-watchlist"
          value=""
          onChange={(e) => {
            const item = watch[Number(e.target.value)];
            if (item)
              onPick({ kind: "chart", chain: item.chain, address: item.address, interval: "5m", quote: "native" });
          }}
          className="h-6 max-w-40 rounded border border-border bg-panel-raised px-1 text-mini text-fg"
        >
          <option value="" disabled>
            From watchlist…
          </option>
          {watch.map((w, i) => (
            <option key={`${w.chain}|${w.address}`} value={i}>
              {(w.symbol ? safeText(w.symbol, { maxGraphemes: 12 }).text : "") || shortAddress(w.address, 4, 4)} ·{" "}
              {w.chain}
            </option>
          ))}
        </select>
      ) : null}
      {onClear ? (
        <button type="button" className={BTN} onClick={onClear}>
          Clear
        </button>
      ) : null}
    </div>
  );
}
