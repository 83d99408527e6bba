/**
 * Rewrites the page's query string in place: Next keeps useSearchParams in step with history.replaceState, so view
 * state lives in the URL without a navigation, a server round trip (and its prefetches) or a scroll.
 */
export function replaceSearch(params: URLSearchParams | string): void {
  const qs = params.toString();
  window.history.replaceState(null, "", qs ? `?${qs}` : window.location.pathname);
}
