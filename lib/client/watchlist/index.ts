export * from "./items";
export { useIsWatched, useWatchlist, WATCHLIST_STORAGE_KEY, type WatchlistState } from "./store";
