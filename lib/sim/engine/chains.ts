import { type ChainId, KNOWN_CHAINS } from "@/lib/api";

// How busy each chain is in the simulated market, its block cadence and its status (§2.10).

export interface SimChain {
  chain: ChainId;
  name: string;
  slug: string;
  family: "evm" | "solana";
  nativeSymbol: string;
  nativeDecimals: number;
  status: "live" | "degraded";
  /** Share of market-wide launches and trading. */
  weight: number;
  blockMs: number;
  /** Block (or slot) number at the unix epoch offset used to derive numbers from time. */
  genesisBlock: number;
  /** Wrapped native token (quote of every pool). */
  wrappedNative: string;
}

// The market's own name for a chain the interface module knows only by its id.
const PROFILE: Record<string, { weight: number; blockMs: number; status?: "degraded"; name?: string }> = {
  solana: { weight: 40, blockMs: 400 },
  "evm:56": { weight: 18, blockMs: 750 },
  "evm:8453": { weight: 16, blockMs: 2000 },
  "evm:1": { weight: 5, blockMs: 12000 },
  "evm:42161": { weight: 3, blockMs: 250 },
  "evm:10": { weight: 1, blockMs: 2000 },
  "evm:137": { weight: 1.5, blockMs: 2000 },
  "evm:43114": { weight: 1.2, blockMs: 2000 },
  "evm:81457": { weight: 0.8, blockMs: 2000 },
  "evm:59144": { weight: 0.8, blockMs: 2000 },
  "evm:534352": { weight: 0.5, blockMs: 3000 },
  "evm:324": { weight: 0.6, blockMs: 1000 },
  "evm:5000": { weight: 0.5, blockMs: 2000 },
  "evm:146": { weight: 1.5, blockMs: 1000 },
  "evm:80094": { weight: 1.2, blockMs: 2000 },
  "evm:130": { weight: 1, blockMs: 1000 },
  "evm:2741": { weight: 1.5, blockMs: 1000 },
  "evm:999": { weight: 2, blockMs: 1000 },
  "evm:645749": { weight: 0.4, blockMs: 2000, status: "degraded", name: "Meridian" },
};

const WRAPPED_SOL = "So11111111111111111111111111111111111111112";

function wrappedEvm(chainId: number): string {
  // Deterministic, plausible-looking wrapped-native address per chain.
  let x = (chainId * 2654435761) >>> 0;
  let s = "";
  for (let i = 0; i < 40; i++) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i) >>> 0;
    s += "0123456789abcdef"[x & 15];
  }
  return `0x${s}`;
}

export const SIM_CHAINS: readonly SimChain[] = KNOWN_CHAINS.map((c) => {
  const p = PROFILE[c.chain] ?? { weight: 0.5, blockMs: 2000 };
  const id = c.chain === "solana" ? 0 : Number(c.chain.slice(4));
  return {
    chain: c.chain,
    name: p.name ?? c.name,
    slug: c.slug,
    family: c.family,
    nativeSymbol: c.nativeSymbol,
    nativeDecimals: c.nativeDecimals,
    status: p.status ?? "live",
    weight: p.weight,
    blockMs: p.blockMs,
    genesisBlock: c.chain === "solana" ? 250_000_000 : 1_000_000 + (id % 997) * 10_000,
    wrappedNative: c.chain === "solana" ? WRAPPED_SOL : wrappedEvm(id),
  };
});

const byChain = new Map(SIM_CHAINS.map((c) => [c.chain as string, c]));

export function simChain(chain: string): SimChain {
  const c = byChain.get(chain);
  if (!c) throw new Error(`unknown chain ${chain}`);
  return c;
}

export function findSimChain(chain: string): SimChain | undefined {
  return byChain.get(chain);
}

/** 2024-01-01: block numbers are counted from here so they stay in a realistic range. */
const BLOCK_EPOCH_MS = 1_704_067_200_000;

export function blockAt(chain: SimChain, atMs: number): number {
  return chain.genesisBlock + Math.max(0, Math.floor((atMs - BLOCK_EPOCH_MS) / chain.blockMs));
}

export const EVM_CHAINS = SIM_CHAINS.filter((c) => c.family === "evm");
