import { z } from "zod";

// zod 4 probes `new Function("")` before compiling fast parsers; under our CSP (no 'unsafe-eval') that probe is refused
// and reported as a violation on every page. In the browser, parse without code generation.
if (typeof window !== "undefined") z.config({ jitless: true });
