// Just enough of `window` for react-dom/client to render hook-only components in Node (no jsdom here).
// Import it first in a test file, before React DOM and TanStack Query read their globals.
const g = globalThis as unknown as { window?: unknown; IS_REACT_ACT_ENVIRONMENT?: boolean };
g.window ??= { event: undefined };
g.IS_REACT_ACT_ENVIRONMENT = true;
