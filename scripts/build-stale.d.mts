/** Whether a production build in `distDir` (relative to the repository root) is missing or older than its sources. */
export function buildIsStale(distDir: string): boolean;
