import { ApiError } from "@/lib/api";

/** Query errors as ApiError (anything else — a bug, an abort — becomes internal_error with its message). */
export function asApiError(e: unknown): ApiError | null {
  if (e === null || e === undefined) return null;
  if (e instanceof ApiError) return e;
  return new ApiError("internal_error", e instanceof Error ? e.message : String(e), { status: 0 });
}
