"use client";

import { useState } from "react";

/** The one client component: the page hydrates as every page of the product does. */
export function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)} style={{ minHeight: 32, padding: "0 12px" }}>
      Clicked {n} times
    </button>
  );
}
