"use client";

import { lazy, Suspense, useEffect, useState } from "react";

/** Alerts start this long after mount: an alert fired while the page still hydrates would change the DOM under it. */
export const START_DELAY_MS = 1_500;

// The rules' store, watchers and toasts load after the first paint: no page needs them to show what it shows.
const AlertLayer = lazy(() => import("./alert-layer").then((m) => ({ default: m.AlertLayer })));

/** Evaluates every stored rule on any page, and shows the alerts they fire, from START_DELAY_MS after mount. */
export function AlertHost() {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setStarted(true), START_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return started ? (
    <Suspense fallback={null}>
      <AlertLayer />
    </Suspense>
  ) : null;
}
