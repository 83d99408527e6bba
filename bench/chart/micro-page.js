// In-page part of the chart micro benchmark (plain JS, loaded with addScriptTag: no build step touches it).
window.__chartMicro = async (n, capBars) => {
  const L = window.LightweightCharts;
  const chart = window.__benchChart();
  const bars = window.__benchBars;
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const big = bars(50_000);
  const small = bars(5_000);
  const s50 = [];
  const s5 = [];
  const copy = [];
  const paint = [];
  for (let r = 0; r < n; r++) {
    for (const [data, out] of [
      [big, s50],
      [small, s5],
    ]) {
      const series = chart.addSeries(L.CandlestickSeries);
      const t0 = performance.now();
      series.setData(data);
      out.push(performance.now() - t0);
      if (data === big) {
        await frame();
        paint.push(performance.now() - t0);
      }
      chart.removeSeries(series);
    }
    const t0 = performance.now();
    big.map((b) => ({ ...b }));
    copy.push(performance.now() - t0);
  }
  // Per-tick cost as the token chart pays it (candle + volume), on a long and a short series.
  const ticks = async (data, count, newBars) => {
    const candles = chart.addSeries(L.CandlestickSeries);
    const volume = chart.addSeries(L.HistogramSeries, { priceScaleId: "" });
    candles.setData(data);
    volume.setData(data.map((b) => ({ time: b.time, value: b.volume })));
    await frame();
    const last = { ...data[data.length - 1] };
    const t0 = performance.now();
    for (let i = 1; i <= count; i++) {
      if (newBars) {
        last.time += 60;
        last.open = last.close;
      }
      last.close *= 1 + ((i % 7) - 3) * 0.0005;
      last.high = Math.max(last.high, last.close);
      last.low = Math.min(last.low, last.close);
      candles.update({ ...last });
      volume.update({ time: last.time, value: last.volume + i });
    }
    const us = ((performance.now() - t0) / count) * 1000;
    await frame();
    chart.removeSeries(candles);
    chart.removeSeries(volume);
    return us;
  };
  const updateUs = await ticks(big, 300, false);
  const updateSmallUs = await ticks(small, 1000, false);
  const updateNewBarUs = await ticks(big, 300, true);
  // The same tick at the most bars the token chart ever holds (its series is bounded).
  const updateCapUs = await ticks(bars(capBars), 300, false);
  chart.remove();
  return {
    setData50kMs: median(s50),
    setData5kMs: median(s5),
    copy50kMs: median(copy),
    firstPaint50kMs: median(paint),
    updateUs,
    updateSmallUs,
    updateNewBarUs,
    updateCapUs,
  };
};
