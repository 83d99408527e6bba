// navigator.onLine and its events, behind an interface so tests (and Node) can drive it.

export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** The page's (or the shared worker's) online state; always online where there is none (SSR, Node). */
export function browserOnline(): OnlineSource {
  const scope = globalThis as { addEventListener?: unknown };
  if (typeof navigator === "undefined" || typeof scope.addEventListener !== "function") return alwaysOnline();
  return {
    isOnline: () => navigator.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      globalThis.addEventListener("online", on);
      globalThis.addEventListener("offline", off);
      return () => {
        globalThis.removeEventListener("online", on);
        globalThis.removeEventListener("offline", off);
      };
    },
  };
}

export function alwaysOnline(): OnlineSource {
  return { isOnline: () => true, subscribe: () => () => {} };
}

/** A switchable source for tests. */
export function manualOnline(initial = true): OnlineSource & { set(online: boolean): void } {
  let online = initial;
  const listeners = new Set<(o: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(o) {
      online = o;
      for (const l of listeners) l(o);
    },
  };
}
