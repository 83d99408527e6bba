// Loaded by server.ts (the stream gateway registers here) and by Next's bundles: no `import "server-only"`.

// One registry per process, shared by server.ts and Next's separately bundled copies through globalThis.
const REGISTRY = Symbol.for("trading-explorer.usage-sources");
const MAX_SOURCES = 64;

export type UsageValues = Record<string, number | string>;
type UsageReader = () => UsageValues;
type Holder = { [REGISTRY]?: Map<string, UsageReader> };

function sources(): Map<string, UsageReader> {
  const holder = globalThis as Holder;
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

const NAME_RE = /^[a-z][a-z0-9_-]{0,31}$/;

/** Registers (or replaces) a named source of usage figures; returns a function that removes it. */
export function registerUsageSource(name: string, read: UsageReader): () => void {
  if (!NAME_RE.test(name)) throw new Error(`usage source name "${name.slice(0, 40)}" must match ${NAME_RE}`);
  const map = sources();
  if (!map.has(name) && map.size >= MAX_SOURCES) throw new Error(`at most ${MAX_SOURCES} usage sources`);
  map.set(name, read);
  return () => {
    if (map.get(name) === read) map.delete(name);
  };
}

/** Reads every source now; a source that throws reports `{ error }` instead of breaking the others. */
export function collectUsage(): Record<string, UsageValues> {
  const out: Record<string, UsageValues> = {};
  for (const [name, read] of sources()) {
    try {
      out[name] = sanitize(read());
    } catch (error) {
      out[name] = { error: error instanceof Error ? error.message.slice(0, 200) : "unreadable" };
    }
  }
  return out;
}

/** Keeps only finite numbers and strings, so a source cannot put objects or NaN into /api/usage or /api/metrics. */
function sanitize(values: UsageValues): UsageValues {
  const out: UsageValues = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "string") out[k] = v;
  }
  return out;
}
