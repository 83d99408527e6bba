import type { PulseDelta, RevertEvent, TradeEvent } from "../feed";

// Typed listener sets for what the index publishes (the stream server consumes them through MarketFeed).

type Events = {
  trade: [TradeEvent];
  revert: [RevertEvent];
  token: [string, string];
  pulse: [PulseDelta];
};

export class Emitter {
  private readonly sets: { [K in keyof Events]: Set<(...a: Events[K]) => void> } = {
    trade: new Set(),
    revert: new Set(),
    token: new Set(),
    pulse: new Set(),
  };

  on<K extends keyof Events>(kind: K, l: (...a: Events[K]) => void): () => void {
    this.sets[kind].add(l);
    return () => {
      this.sets[kind].delete(l);
    };
  }

  has(kind: keyof Events): boolean {
    return this.sets[kind].size > 0;
  }

  emit<K extends keyof Events>(kind: K, ...args: Events[K]): void {
    for (const l of this.sets[kind]) {
      try {
        l(...args);
      } catch {
        // A failing listener must not break indexing.
      }
    }
  }
}
