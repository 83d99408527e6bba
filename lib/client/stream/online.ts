// navigator.onLine and its events, behind an interface so tests (and Node) can drive it.

export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export function browserOnline(): OnlineSource {
  if (typeof window === "undefined" || typeof navigator === "undefined") return alwaysOnline();
  return {
    isOnline: () => navigator.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      window.addEventListener("online", on);
      window.addEventListener("offline", off);
      return () => {
        window.removeEventListener("online", on);
        window.removeEventListener("offline", off);
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
