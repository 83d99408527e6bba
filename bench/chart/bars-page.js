// In-page pieces shared by the chart benchmarks (plain JS, loaded with addScriptTag before their own page script):
// a 1200×600 chart appended to the page, and a deterministic price walk of `count` one-minute bars.
window.__benchChart = () => {
  const el = document.createElement("div");
  el.style.cssText = "width:1200px;height:600px";
  document.body.append(el);
  return window.LightweightCharts.createChart(el, { width: 1200, height: 600 });
};
window.__benchBars = (count) => {
  const out = [];
  let p = 0.00002;
  for (let i = 0; i < count; i++) {
    const o = p;
    p *= 1 + (Math.sin(i * 0.37) + Math.cos(i * 0.11)) * 0.004;
    out.push({
      time: 1_700_000_000 + i * 60,
      open: o,
      high: Math.max(o, p) * 1.002,
      low: Math.min(o, p) * 0.998,
      close: p,
      volume: 1 + (i % 17),
    });
  }
  return out;
};
