// In-page part of the app-vs-library setData comparison (plain JS, loaded with addScriptTag: no build step touches
// it). Interleaved rounds on fresh series pairs; the first round of each is a warm-up.
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
  const app = [];
  let bars = 0;
  for (let r = 0; r < n + 1; r++) {
    const a = once((c, v) => {
      c.setData(data);
      v.setData(data.map((b) => ({ time: b.time, value: b.volume })));
    });
    const b = once((c, v) => {
      bars = window.__appSetData(c, v, data, asOf);
    });
    if (r > 0) {
      lib.push(a);
      app.push(b);
    }
  }
  const median = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { libMs: median(lib), appMs: median(app), bars };
};
