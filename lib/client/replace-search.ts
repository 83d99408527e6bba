/**
 * Rewrites the page's query string in place: Next keeps useSearchParams in step with history.replaceState, so view
 * state lives in the URL without a navigation, a server round trip (and its prefetches) or a scroll.
 *
 * Next learns of the change through its own wrapper of history.replaceState, which its router installs in an effect
 * after the page hydrates. A change made between hydration and that effect (a trader picking a chain the moment the
 * page answers) would reach the address bar only: the view would keep showing the old state, and Next would put its
 * old URL back on its next navigation. So a write made while history.replaceState is still the browser's own is made
 * again once the wrapper is there, unless the URL has moved on since.
 */
export function replaceSearch(params: URLSearchParams | string): void {
  const qs = params.toString();
  const url = qs ? `?${qs}` : window.location.pathname;
  window.history.replaceState(null, "", url);
  if (isBrowserOwn(window.history.replaceState)) replayWhenRouterListens(window.location.href);
}

/** How long a write waits for the router's wrapper: hydration's effects run within frames, not seconds. */
export const REPLAY_WAIT_MS = 5_000;
const RETRY_MS = 16;

function isBrowserOwn(fn: History["replaceState"]): boolean {
  return /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
}

function replayWhenRouterListens(href: string): void {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  const attempt = () => {
    // A later write, or a navigation, owns the URL now.
    if (window.location.href !== href) return;
    if (!isBrowserOwn(window.history.replaceState)) {
      window.history.replaceState(null, "", href);
      return;
    }
    if (Date.now() < deadline) setTimeout(attempt, RETRY_MS);
  };
  setTimeout(attempt, RETRY_MS);
}
