import { z } from "zod";

// Imported first by every lib/api module that builds object schemas. zod 4 probes `new Function("")` when the first
// object schema is built; under the app's CSP (no 'unsafe-eval') that probe is refused and reported as a violation on
// every page, and zod falls back to plain parsing anyway. In the browser, skip the probe: parse without code generation.
if (typeof window !== "undefined") z.config({ jitless: true });
