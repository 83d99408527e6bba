// In-page frame recorder for the load benchmark (plain JS, loaded with addScriptTag): rAF deltas for `ms`.
window.__recordFrames = (ms) =>
  new Promise((resolve) => {
    const out = [];
    let prev = performance.now();
    const end = prev + ms;
    const tick = (t) => {
      out.push(t - prev);
      prev = t;
      if (t < end) requestAnimationFrame(tick);
      else resolve(out);
    };
    requestAnimationFrame(tick);
  });
