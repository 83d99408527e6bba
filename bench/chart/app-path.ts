// Browser entry (bundled by bench/chart.ts with esbuild): the app's chart path for a history load, exactly the steps
// the token chart takes — the candle reducer turns the REST bars into a `setData` op, the chart keeps its mirror and
// feeds both series (scaled candles, coloured volume) — next to lightweight-charts alone fed the same bars.
import { scaleBar, volumePoint } from "@/components/chart/bars";
import type { Candle } from "@/lib/api";
import { emptySeries, upsertBars } from "@/lib/client/stream/reducers/candles";

interface Series {
  setData(data: unknown[]): void;
}

function appSetData(candles: Series, volume: Series, data: Candle[], asOf: number): number {
  // The reducer's cap is the app's bar budget; here it holds the same 50k bars as the baseline gets.
  const { ops } = upsertBars(emptySeries(data.length, 60), data, { from: "rest", asOf });
  const op = ops.find((o) => o.type === "setData");
  if (op?.type !== "setData") throw new Error("the reducer gave no setData op");
  const bars = op.bars.slice();
  candles.setData(bars.map((c) => scaleBar(c, 1)));
  volume.setData(bars.map((c) => volumePoint(c)));
  return bars.length;
}

(window as unknown as { __appSetData: typeof appSetData }).__appSetData = appSetData;
