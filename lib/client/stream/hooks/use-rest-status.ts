import { useCallback } from "react";
import { type ApiError, asApiError } from "@/lib/api/core";

// The REST half of a live hook: loading, the error as an ApiError (a bug or an abort keeps its own text; status 0:
// not an HTTP answer) and a retry that refetches.

export interface RestStatus {
  isLoading: boolean;
  error: ApiError | null;
  /** Refetches the REST data after an error. */
  retry(): void;
}

export function useRestStatus(query: { isPending: boolean; error: Error | null; refetch(): unknown }): RestStatus {
  const { refetch } = query; // stable across renders: status effects depend on it
  const retry = useCallback(() => void refetch(), [refetch]);
  const e = query.error;
  return { isLoading: query.isPending, error: e ? asApiError(e, { message: e.message, status: 0 }) : null, retry };
}
