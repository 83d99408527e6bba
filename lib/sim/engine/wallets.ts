import type { ChainId } from "@/lib/api";
import { EVM_CHAINS, type SimChain } from "./chains";
import { evmAddress, type Rng, solanaAddress } from "./rng";
import type { SimWallet, WalletKind } from "./world";

// Trader population per family and behaviour. Ordinary wallets are born continuously and the oldest retire
// from the pick list, so the population (and everything keyed by wallet) stays bounded.

const INITIAL: Record<"evm" | "solana", Record<WalletKind, number>> = {
  solana: { ordinary: 2500, sniper: 30, pro: 24, wash: 12, creator: 400, bot: 2 },
  evm: { ordinary: 3500, sniper: 40, pro: 36, wash: 0, creator: 500, bot: 6 },
};

export interface Funder {
  address: string;
  tag: string | null;
}

export class WalletBook {
  private readonly lists = new Map<string, SimWallet[]>();
  private readonly ordinaryCap: number;
  readonly funders: Record<"evm" | "solana", Funder[]>;

  constructor(
    private readonly rng: Rng,
    opts: { ordinaryCap: number },
  ) {
    this.ordinaryCap = opts.ordinaryCap;
    const fund = (family: "evm" | "solana"): Funder[] => {
      const addr = () => (family === "evm" ? evmAddress(rng) : solanaAddress(rng));
      return [
        ...Array.from({ length: 6 }, () => ({ address: addr(), tag: "exchange" })),
        ...Array.from({ length: 3 }, () => ({ address: addr(), tag: "bridge" })),
        ...Array.from({ length: 40 }, () => ({ address: addr(), tag: null })),
      ];
    };
    this.funders = { evm: fund("evm"), solana: fund("solana") };
  }

  /** Creates the initial population (born in the past). Returns the wallets for funding/identity. */
  populate(start: number): SimWallet[] {
    const out: SimWallet[] = [];
    for (const family of ["solana", "evm"] as const) {
      for (const [kind, n] of Object.entries(INITIAL[family]) as [WalletKind, number][]) {
        for (let i = 0; i < n; i++)
          out.push(this.create(family, kind, start - Math.round(this.rng.range(3600_000, 200 * 86400_000))));
      }
    }
    return out;
  }

  create(family: "evm" | "solana", kind: WalletKind, bornAt: number): SimWallet {
    const rng = this.rng;
    const chains: ChainId[] =
      family === "solana"
        ? ["solana"]
        : pickEvmChains(rng, kind === "bot" || kind === "pro" ? rng.int(2, 4) : rng.int(1, 3));
    const w: SimWallet = {
      address: family === "evm" ? evmAddress(rng) : solanaAddress(rng),
      family,
      kind,
      chains,
      bornAt,
    };
    for (const c of chains) this.list(c, kind).push(w);
    if (kind === "ordinary") for (const c of chains) this.trim(this.list(c, kind));
    return w;
  }

  private list(chain: string, kind: WalletKind): SimWallet[] {
    const k = `${chain}|${kind}`;
    let l = this.lists.get(k);
    if (!l) {
      l = [];
      this.lists.set(k, l);
    }
    return l;
  }

  private trim(l: SimWallet[]): void {
    if (l.length > this.ordinaryCap) l.splice(0, l.length - this.ordinaryCap);
  }

  /** A wallet of `kind` active on `chain`; falls back to ordinary (then any) when none exists. */
  pick(chain: SimChain, kind: WalletKind): SimWallet {
    let l = this.lists.get(`${chain.chain}|${kind}`);
    if (!l || l.length === 0) l = this.lists.get(`${chain.chain}|ordinary`);
    if (!l || l.length === 0) l = this.lists.get(`${chain.family === "solana" ? "solana" : "evm:1"}|ordinary`) ?? [];
    return this.rng.pick(l);
  }

  count(chain: string, kind: WalletKind): number {
    return this.lists.get(`${chain}|${kind}`)?.length ?? 0;
  }
}

function pickEvmChains(rng: Rng, n: number): ChainId[] {
  const out = new Set<ChainId>();
  const weights = EVM_CHAINS.map((c) => c.weight);
  while (out.size < n) out.add((EVM_CHAINS[rng.weighted(weights)] as SimChain).chain);
  return [...out];
}
