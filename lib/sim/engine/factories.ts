import type { Factory } from "@/lib/api";
import { SIM_CHAINS, type SimChain } from "./chains";
import { BASE_NATIVE_USD } from "./native-prices";
import { evmAddress, Rng, solanaAddress } from "./rng";

// ~90 launchpad factories across Solana and the 18 EVM chains, each with its own bonding threshold (§4.4).

export interface SimFactory {
  chain: SimChain;
  address: string;
  name: string;
  slug: string;
  /** Pool type of the bonding curve. */
  poolType: string;
  /** Native collected by the curve when it completes (its bonding threshold). */
  thresholdNative: number;
  /** Virtual native reserve at launch (sets the launch market cap). */
  virtualNative0: number;
  migratesTo: string;
  /** DEX pool type created at migration. */
  dexPoolType: string;
  dexFactory: string;
  feeBps: number;
  /** Relative share of the chain's launches. */
  weight: number;
  /** Solana launchpads grind vanity mint suffixes. */
  mintSuffix: string;
}

const SOLANA_PADS = [
  "Pumpfire",
  "Moonforge",
  "Bonkdrop",
  "LaunchLab",
  "Beleaf",
  "Boopster",
  "Heavenpad",
  "Sunrise Mint",
  "Rayburst",
  "Memeworks",
];
const BSC_PADS = [
  "FourMemes",
  "Flapper",
  "BinkPad",
  "Goldrush BSC",
  "Syrup Fair",
  "Moonbag BSC",
  "Yellowpad",
  "Cakewalk",
];
const BASE_PADS = [
  "Clanka",
  "Zorbit",
  "BaseBoost",
  "Blueprint",
  "Virtuoso",
  "Wowza",
  "Tellr Launch",
  "Echo Mint",
  "Creator Coins",
  "Onchain Kitchen",
];
const ETH_PADS = ["Etherfun", "Uniforge", "Moonshotz", "Degenpad", "Vaultlaunch", "Gaspump"];
const ARB_PADS = ["Arbipump", "Camelaunch", "Blueberry Pad", "Odysseypad", "Nitro Mint"];
const GENERIC = ["Pump", "Launch", "Forge", "Mint", "Pad"];

const DEX: Record<string, [string, string][]> = {
  solana: [
    ["Rayline CPMM", "cpmm"],
    ["Meteorite DAMM", "damm"],
    ["Saltmarsh CLMM", "clmm"],
  ],
  "evm:56": [
    ["Cakeswap V2", "v2"],
    ["Cakeswap V3", "v3"],
  ],
  "evm:8453": [
    ["Skyport CL", "v3"],
    ["Unison V4", "v4"],
    ["Baseswap V2", "v2"],
  ],
};

function padsFor(chain: SimChain): string[] {
  if (chain.chain === "solana") return SOLANA_PADS;
  if (chain.chain === "evm:56") return BSC_PADS;
  if (chain.chain === "evm:8453") return BASE_PADS;
  if (chain.chain === "evm:1") return ETH_PADS;
  if (chain.chain === "evm:42161") return ARB_PADS;
  // Smaller chains: four launchpads named after the chain.
  const name = chain.name.split(" ")[0] as string;
  return GENERIC.slice(0, 4).map((g) => `${name}${g}`);
}

export function createFactories(seed: number): SimFactory[] {
  const rng = new Rng(`${seed}/factories`);
  const out: SimFactory[] = [];
  for (const chain of SIM_CHAINS) {
    const pads = padsFor(chain);
    const dexes = DEX[chain.chain] ?? [
      [`${chain.name.split(" ")[0]}Swap V2`, "v2"],
      [`${chain.name.split(" ")[0]}Swap V3`, "v3"],
    ];
    // Sized in USD at the coin's reference price: launch market cap ~$4–6k, graduation around $60–90k (like the
    // busiest launchpads).
    const usd = BASE_NATIVE_USD[chain.nativeSymbol] ?? 1;
    pads.forEach((name, i) => {
      const [migratesTo, dexPoolType] = dexes[i % dexes.length] as [string, string];
      const thresholdUsd = rng.range(11_000, 19_000);
      const launchMcapUsd = rng.range(4_000, 6_000);
      out.push({
        chain,
        address: chain.family === "solana" ? solanaAddress(rng) : evmAddress(rng),
        name,
        slug: name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
        poolType: "bonding-curve",
        thresholdNative: round4(thresholdUsd / usd),
        // virtual reserve v0 with a 1.073e9 virtual token reserve: mcap = v0/1.073e9 * 1e9 * usd
        virtualNative0: round4((launchMcapUsd / usd) * 1.073),
        migratesTo,
        dexPoolType,
        dexFactory: chain.family === "solana" ? solanaAddress(rng) : evmAddress(rng),
        feeBps: rng.pick([100, 100, 125, 150]),
        weight: i === 0 ? 6 : rng.range(0.5, 2.5),
        mintSuffix: chain.family === "solana" ? (i === 0 ? "pump" : i === 2 ? "bonk" : "") : "",
      });
    });
  }
  return out;
}

export function toFactoryResource(f: SimFactory): Factory {
  return {
    chain: f.chain.chain,
    address: f.address,
    name: f.name,
    slug: f.slug,
    poolType: f.poolType,
    bondingThresholdNative: f.thresholdNative,
    migratesTo: f.migratesTo,
  };
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
