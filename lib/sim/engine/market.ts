import { DETACHED_ASSET_BASE } from "./assets";
import { blockAt, SIM_CHAINS, type SimChain, simChain } from "./chains";
import type { EngineCtx } from "./context";
import { createEstablished } from "./established";
import type { RawEvent } from "./events";
import { createFactories, type SimFactory } from "./factories";
import { planIdentities } from "./identities";
import { createLaunch } from "./launches";
import { NativePrices } from "./native-prices";
import { retireSweep } from "./retire";
import { evmAddress, Rng, solanaAddress } from "./rng";
import { scenario } from "./scenario";
import { Scheduler } from "./scheduler";
import { Trading } from "./trading";
import { WalletBook } from "./wallets";
import { MIN_OBSERVED_MINUTES, newWarmFlow, recordWarmSwap, sealWarmFlows } from "./warm-flow";
import { nativeUnits, type SimToken, type SimWallet } from "./world";

// The simulated market: a seeded discrete-event world. Same seed and same start → the same events in the same
// order, whatever the caller's tick size.

export interface MarketCaps {
  /** Launchpad tokens kept (oldest inactive ones are retired first). */
  maxLaunchTokens: number;
  /** Ordinary wallets kept in each chain's pick list. */
  ordinaryPerChain: number;
}

export const DEFAULT_CAPS: MarketCaps = { maxLaunchTokens: 4000, ordinaryPerChain: 4000 };

export interface MarketOptions {
  seed: number;
  /** Market time when the warm-up ends (the service's "now" at start). */
  start: number;
  /** Simulated before `start` so lists, tapes and charts are populated at once. */
  warmupMs?: number;
  caps?: Partial<MarketCaps>;
  /** Launches per second across the market at speed 1. */
  launchRate?: number;
  /** Multiplies every token's trade rate (1 = the default ~20–60 trades/s). */
  activityScale?: number;
  /** Base URL of the market's own icons and avatars (the service sets `{baseUrl}/assets`). */
  assetBase?: string;
}

export class SimMarket {
  readonly seed: number;
  readonly start: number;
  readonly warmStart: number;
  readonly caps: MarketCaps;
  readonly factories: SimFactory[];
  readonly prices: NativePrices;
  readonly ctx: EngineCtx;
  private readonly listeners: ((e: RawEvent) => void)[] = [];
  private readonly launchRate: number;
  private launchCount = 0;
  eventCount = 0;
  readonly scenario = scenario(this);

  constructor(opts: MarketOptions) {
    this.seed = opts.seed;
    this.start = opts.start;
    this.warmStart = opts.start - (opts.warmupMs ?? 20 * 60_000);
    this.caps = { ...DEFAULT_CAPS, ...opts.caps };
    this.launchRate = opts.launchRate ?? 1 / 3.5;
    const root = new Rng(`market:${opts.seed}`);
    this.factories = createFactories(opts.seed);
    this.prices = new NativePrices(opts.seed);
    const scheduler = new Scheduler(this.warmStart);
    const emit = (e: RawEvent) => {
      this.eventCount++;
      for (const l of this.listeners) l(e);
    };
    const factoriesByChain = new Map<string, SimFactory[]>();
    for (const f of this.factories)
      factoriesByChain.set(f.chain.chain, [...(factoriesByChain.get(f.chain.chain) ?? []), f]);
    const routerRng = root.fork("routers");
    const routers = new Map(
      SIM_CHAINS.filter((c) => c.family === "evm").map((c) => [
        c.chain as string,
        Array.from({ length: 4 }, () => evmAddress(routerRng)),
      ]),
    );
    this.ctx = {
      scheduler,
      trading: new Trading(root.fork("tx"), scheduler, this.prices, emit),
      prices: this.prices,
      wallets: new WalletBook(root.fork("wallets"), { ordinaryCap: this.caps.ordinaryPerChain }),
      factoriesByChain,
      tokens: new Map(),
      rng: {
        launch: root.fork("launch"),
        trade: root.fork("trade"),
        text: root.fork("text"),
        addr: root.fork("addr"),
        history: root.fork("history"),
        wallets: root.fork("wallet-births"),
        cohorts: root.fork("cohorts"),
      },
      emit,
      launches: [],
      routers,
      activityScale: opts.activityScale ?? 1,
      chainOf: simChain,
      assetBase: opts.assetBase ?? DETACHED_ASSET_BASE,
    };
  }

  onEvent(listener: (e: RawEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  get now(): number {
    return this.ctx.scheduler.now;
  }

  /** Builds the world at the warm-up start (wallets, funding, identities, established tokens, processes). */
  init(): void {
    const { ctx } = this;
    const wallets = ctx.wallets.populate(this.warmStart);
    for (const w of wallets) this.fund(w, w.bornAt);
    for (const p of planIdentities(ctx.rng.wallets.fork("identity"), wallets, this.warmStart, ctx.assetBase)) {
      if (p.revealAt <= this.warmStart) ctx.emit(p.event);
      else ctx.scheduler.at(p.revealAt, () => ctx.emit({ ...p.event, at: ctx.scheduler.now }));
    }
    createEstablished(ctx, SIM_CHAINS, this.warmStart);
    this.recordWarmFlows();
    const totalWeight = SIM_CHAINS.reduce((a, c) => a + c.weight, 0);
    for (const chain of SIM_CHAINS) this.scheduleLaunches(chain, (this.launchRate * chain.weight) / totalWeight);
    this.scheduleBirths();
    const sweep = () => {
      retireSweep(ctx, this.caps.maxLaunchTokens);
      ctx.scheduler.after(60_000, sweep);
    };
    ctx.scheduler.after(60_000, sweep);
  }

  private stopWarmFlows: (() => void) | null = null;

  /** Records the warm-up's live trading of every established pool, which levels its archived history. */
  private get warmupMinutes(): number {
    return Math.ceil((this.start - this.warmStart) / 60_000);
  }

  private recordWarmFlows(): void {
    const minutes = this.warmupMinutes;
    if (minutes < MIN_OBSERVED_MINUTES) return;
    for (const t of this.ctx.tokens.values())
      if (t.archive) t.archive.flow = newWarmFlow(t.archive.pools.length, minutes);
    const token = (chain: string, address: string) => this.token(chain, address);
    this.stopWarmFlows = this.onEvent((e) => {
      if (!recordWarmSwap(e, this.warmStart, this.start, token)) this.endWarmup();
    });
  }

  /** The warm-up is over: its flows are complete and archives read from now on are levelled on them. */
  endWarmup(): void {
    if (!this.stopWarmFlows) return;
    this.stopWarmFlows();
    this.stopWarmFlows = null;
    sealWarmFlows(this.ctx.tokens.values(), this.warmupMinutes);
  }

  /** Runs the world up to market time `t` (bounded work per call; call again to continue). */
  advanceTo(t: number, maxJobs?: number): number {
    return this.ctx.scheduler.runUntil(t, maxJobs);
  }

  token(chain: string, address: string): SimToken | undefined {
    return this.ctx.tokens.get(`${chain}|${address}`);
  }

  launch(chain: SimChain, opts: Parameters<typeof createLaunch>[2] = {}): SimToken {
    this.launchCount++;
    return createLaunch(this.ctx, chain, { hostile: this.launchCount % 37 === 5, ...opts });
  }

  private scheduleLaunches(chain: SimChain, perSec: number): void {
    const next = () => {
      this.launch(chain);
      this.ctx.scheduler.after(this.ctx.rng.launch.exp(1000 / perSec), next);
    };
    this.ctx.scheduler.after(this.ctx.rng.launch.exp(1000 / perSec), next);
  }

  private scheduleBirths(): void {
    const rng = this.ctx.rng.wallets;
    const next = () => {
      const w = this.ctx.wallets.create(rng.chance(0.4) ? "solana" : "evm", "ordinary", this.ctx.scheduler.now);
      this.fund(w, w.bornAt);
      this.ctx.scheduler.after(rng.exp(4000), next);
    };
    this.ctx.scheduler.after(rng.exp(4000), next);
  }

  /** First funding (§2.9): a native transfer per chain the wallet uses, from an exchange, a bridge or a peer. */
  private fund(w: SimWallet, at: number): void {
    const rng = this.ctx.rng.wallets;
    for (const chainId of w.chains) {
      if (rng.chance(0.07)) continue; // funded by an internal transfer the indexer does not see
      const chain = simChain(chainId);
      const funders = this.ctx.wallets.funders[w.family];
      const r = rng.next();
      const funder =
        r < 0.45
          ? funders[rng.int(0, 5)]
          : r < 0.6
            ? funders[6 + rng.int(0, 2)]
            : funders[9 + rng.int(0, funders.length - 10)];
      const when = at < this.ctx.scheduler.now ? at + rng.int(0, 600_000) : at;
      const usd = rng.logNormal(w.kind === "pro" || w.kind === "bot" ? 5000 : 300, 1);
      this.ctx.emit({
        type: "transfer",
        at: when,
        chain: chainId,
        txHash: chain.family === "solana" ? rng.base58(88) : rng.hex(64, "0x"),
        block: blockAt(chain, when),
        logIndex: rng.int(0, 300),
        from: funder?.address ?? (w.family === "evm" ? evmAddress(rng) : solanaAddress(rng)),
        to: w.address,
        amountNative: nativeUnits(usd / this.prices.chainUsdAt(chain, when), chain.nativeDecimals),
        fromTag: funder?.tag ?? null,
      });
    }
  }
}
