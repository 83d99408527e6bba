import type { SimChain } from "./chains";
import type { RawEvent } from "./events";
import type { SimFactory } from "./factories";
import type { NativePrices } from "./native-prices";
import type { Rng } from "./rng";
import type { Scheduler } from "./scheduler";
import type { Trading } from "./trading";
import type { WalletBook } from "./wallets";
import type { SimToken } from "./world";

// What the engine's modules share.

export interface EngineRngs {
  launch: Rng;
  trade: Rng;
  text: Rng;
  addr: Rng;
  history: Rng;
  wallets: Rng;
  /** Bundles, fresh wallets, dev sells: their own stream, so adding them reshuffles nothing else. */
  cohorts: Rng;
}

export interface EngineCtx {
  scheduler: Scheduler;
  trading: Trading;
  prices: NativePrices;
  wallets: WalletBook;
  factoriesByChain: Map<string, SimFactory[]>;
  tokens: Map<string, SimToken>;
  rng: EngineRngs;
  emit(e: RawEvent): void;
  /** Launch (pump-like) tokens in creation order, for retirement. */
  launches: SimToken[];
  routers: Map<string, string[]>;
  /** Multiplies every token's trade rate (tests and benchmarks). */
  activityScale: number;
  chainOf(chain: string): SimChain;
  /** Base URL of the icons and avatars the market serves (`{assetBase}/token/<id>.svg`). */
  assetBase: string;
}
