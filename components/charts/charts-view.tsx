"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { replaceSearch } from "@/lib/client/replace-search";
import { ChartCellView } from "./chart-cell";
import {
  type ChartCell,
  decodeLayout,
  encodeLayout,
  LAYOUT_IDS,
  type LayoutId,
  resizeLayout,
  setCell,
} from "./layout-codec";

const GRID: Record<LayoutId, string> = {
  "1x2": "lg:grid-cols-2 lg:grid-rows-1",
  "2x2": "lg:grid-cols-2 lg:grid-rows-2",
  "3x3": "lg:grid-cols-3 lg:grid-rows-3",
};

/** The multi-chart grid; its layout is the URL (shareable, restored on reload). Phones stack one chart a row. */
export function ChartsView() {
  const sp = useSearchParams();
  const decoded = useMemo(() => decodeLayout(new URLSearchParams(sp.toString())), [sp]);
  const { layout, cells, notice } = decoded;
  const write = useCallback((l: { layout: LayoutId; cells: ChartCell[] }) => replaceSearch(encodeLayout(l)), []);
  // The origin is only known in the browser: set after hydration so server and browser render the same.
  const [href, setHref] = useState("");
  const qs = encodeLayout({ layout, cells });
  useEffect(() => setHref(`${window.location.origin}/charts?${qs}`), [qs]);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2" data-testid="charts" data-layout={layout}>
      <div className="flex flex-wrap items-center gap-2">
        <SegmentedControl
          label="Grid"
          size="xs"
          value={layout}
          onValueChange={(l) => write(resizeLayout({ layout, cells }, l))}
          options={LAYOUT_IDS.map((l) => ({ value: l, label: l.replace("x", "×") }))}
        />
        <span className="flex items-center gap-1 text-mini text-muted">
          Share this grid <CopyButton value={href} label="Copy link to this grid" />
        </span>
        {notice ? (
          <p role="status" className="text-mini text-amber-300" data-testid="charts-notice">
            {notice}
          </p>
        ) : null}
      </div>
      <div className={cn("grid min-h-0 flex-1 grid-cols-1 gap-2 lg:h-[calc(100dvh-10rem)]", GRID[layout])}>
        {cells.map((cell, i) => (
          <ChartCellView
            // A cell keeps its place; its content changes with its entry.
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in the grid
            key={i}
            index={i}
            cell={cell}
            className={layout === "3x3" ? "h-80 lg:h-auto" : "h-96 lg:h-auto"}
            onChange={(c) => write(setCell({ layout, cells }, i, c))}
          />
        ))}
      </div>
    </div>
  );
}
