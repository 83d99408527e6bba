// Isomorphic entry (server components may import it): fetcher, keys, query options, query client, tape filters.
// Live hooks are client-only: import them from "@/lib/client/stream/hooks".
export * from "./api-fetch";
export * from "./queries";
export * from "./query-client";
export * from "./query-keys";
export * from "./trade-filters";
