// In-page part of the app-vs-library setData comparison (plain JS, loaded with addScriptTag: no build step touches
// it). Interleaved rounds on fresh series pairs, the order rotated each round; the first round is a warm-up.
window.__appVsLib = async (n) => {
  const L = window.LightweightCharts;
  const chart = window.__benchChart();
  const data = window.__benchBars(50_000);
  const asOf = (data[data.length - 1].time + 60) * 1000;
  const once = (fn) => {
    const c = chart.addSeries(L.CandlestickSeries);
    const v = chart.addSeries(L.HistogramSeries, { priceScaleId: "" });
    const t0 = performance.now();
    fn(c, v);
    const ms = performance.now() - t0;
    chart.removeSeries(c);
    chart.removeSeries(v);
    return ms;
  };
  const lib = [];
  const libColoured = [];
  const app = [];
  let bars = 0;
  // The library alone fed what the app's chart draws: volume bars coloured by the candle's direction, one colour per
  // point (the same two colours as components/chart/bars.ts).
  const up = "rgba(22, 199, 132, 0.35)";
  const down = "rgba(234, 57, 67, 0.35)";
  const variants = [
    [
      lib,
      (c, v) => {
        c.setData(data);
        v.setData(data.map((b) => ({ time: b.time, value: b.volume })));
      },
    ],
    [
      libColoured,
      (c, v) => {
        c.setData(data);
        v.setData(data.map((b) => ({ time: b.time, value: b.volume, color: b.close >= b.open ? up : down })));
      },
    ],
    [
      app,
      (c, v) => {
        bars = window.__appSetData(c, v, data, asOf);
      },
    ],
  ];
  // Each round runs the three in a rotated order, so none always follows the previous round's garbage.
  for (let r = 0; r < 3 * n + 1; r++) {
    for (let i = 0; i < variants.length; i++) {
      const [out, fn] = variants[(r + i) % variants.length];
      const ms = once(fn);
      if (r > 0) out.push(ms);
    }
  }
  const median = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { libMs: median(lib), libColouredMs: median(libColoured), appMs: median(app), bars };
};
