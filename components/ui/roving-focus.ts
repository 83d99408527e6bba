/**
 * Next index for arrow-key navigation in a tab list or segmented control (WAI-ARIA roving focus):
 * wraps around, skips disabled items, Home/End jump. Null when the key is not a navigation key.
 */
export function rovingIndex(
  key: string,
  current: number,
  disabled: readonly boolean[],
  orientation: "horizontal" | "vertical" = "horizontal",
): number | null {
  const n = disabled.length;
  if (n === 0 || disabled.every(Boolean)) return null;
  const prevKey = orientation === "horizontal" ? "ArrowLeft" : "ArrowUp";
  const nextKey = orientation === "horizontal" ? "ArrowRight" : "ArrowDown";
  let step: number;
  let from: number;
  if (key === nextKey) [step, from] = [1, current];
  else if (key === prevKey) [step, from] = [-1, current];
  else if (key === "Home") [step, from] = [1, -1];
  else if (key === "End") [step, from] = [-1, n];
  else return null;
  for (let i = 1; i <= n; i++) {
    const idx = (((from + step * i) % n) + n) % n;
    if (!disabled[idx]) return idx;
  }
  return null;
}
