export * from "./items";
export { useIsWatched, useWatchlist, useWatchlistHydrated, WATCHLIST_STORAGE_KEY, type WatchlistState } from "./store";
