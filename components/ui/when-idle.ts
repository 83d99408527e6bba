/** Runs `task` once the browser is idle (at the latest after `timeoutMs`); returns the cancel. */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
