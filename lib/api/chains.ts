// Chain ids (§1.3): `evm:<EIP-155 id>` or `solana`; OHLCV and sparklines also accept `solana:solana`.
export type ChainId = "solana" | `evm:${number}`;
export type ChainFamily = "evm" | "solana";

export interface ChainInfo {
  chain: ChainId;
  name: string;
  slug: string;
  family: ChainFamily;
  nativeSymbol: string;
  nativeDecimals: number;
  explorerUrl: string;
}

// Static facts the spec does not carry (explorer, decimals); the service's /v1/meta/chains stays authoritative for status.
export const KNOWN_CHAINS: readonly ChainInfo[] = [
  { chain: "solana", name: "Solana", slug: "solana", family: "solana", nativeSymbol: "SOL", nativeDecimals: 9, explorerUrl: "https://solscan.io" },
  { chain: "evm:1", name: "Ethereum", slug: "ethereum", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://etherscan.io" },
  { chain: "evm:56", name: "BNB Chain", slug: "bsc", family: "evm", nativeSymbol: "BNB", nativeDecimals: 18, explorerUrl: "https://bscscan.com" },
  { chain: "evm:8453", name: "Base", slug: "base", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://basescan.org" },
  { chain: "evm:42161", name: "Arbitrum", slug: "arbitrum", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://arbiscan.io" },
  { chain: "evm:10", name: "Optimism", slug: "optimism", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://optimistic.etherscan.io" },
  { chain: "evm:137", name: "Polygon", slug: "polygon", family: "evm", nativeSymbol: "POL", nativeDecimals: 18, explorerUrl: "https://polygonscan.com" },
  { chain: "evm:43114", name: "Avalanche", slug: "avalanche", family: "evm", nativeSymbol: "AVAX", nativeDecimals: 18, explorerUrl: "https://snowtrace.io" },
  { chain: "evm:81457", name: "Blast", slug: "blast", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://blastscan.io" },
  { chain: "evm:59144", name: "Linea", slug: "linea", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://lineascan.build" },
  { chain: "evm:534352", name: "Scroll", slug: "scroll", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://scrollscan.com" },
  { chain: "evm:324", name: "zkSync Era", slug: "zksync", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://era.zksync.network" },
  { chain: "evm:5000", name: "Mantle", slug: "mantle", family: "evm", nativeSymbol: "MNT", nativeDecimals: 18, explorerUrl: "https://mantlescan.xyz" },
  { chain: "evm:146", name: "Sonic", slug: "sonic", family: "evm", nativeSymbol: "S", nativeDecimals: 18, explorerUrl: "https://sonicscan.org" },
  { chain: "evm:80094", name: "Berachain", slug: "berachain", family: "evm", nativeSymbol: "BERA", nativeDecimals: 18, explorerUrl: "https://berascan.com" },
  { chain: "evm:130", name: "Unichain", slug: "unichain", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://uniscan.xyz" },
  { chain: "evm:2741", name: "Abstract", slug: "abstract", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://abscan.org" },
  { chain: "evm:999", name: "HyperEVM", slug: "hyperevm", family: "evm", nativeSymbol: "HYPE", nativeDecimals: 18, explorerUrl: "https://hyperevmscan.io" },
  { chain: "evm:645749", name: "EVM 645749", slug: "evm-645749", family: "evm", nativeSymbol: "ETH", nativeDecimals: 18, explorerUrl: "https://explorer.invalid" },
];

const byId = new Map<string, ChainInfo>(KNOWN_CHAINS.map((c) => [c.chain, c]));

export function chainInfo(chain: string): ChainInfo | undefined {
  return byId.get(chain);
}

const EVM_RE = /^evm:([1-9][0-9]{0,15})$/;

/** Parses a chain id; returns the canonical form or null. `solana:solana` only where the spec allows it. */
export function parseChainId(input: string, opts: { allowSolanaAlias?: boolean } = {}): ChainId | null {
  if (input === "solana") return "solana";
  if (input === "solana:solana") return opts.allowSolanaAlias ? "solana" : null;
  const m = EVM_RE.exec(input);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? (`evm:${id}` as ChainId) : null;
}

export function chainFamily(chain: ChainId): ChainFamily {
  return chain === "solana" ? "solana" : "evm";
}

export function explorerTxUrl(chain: string, txHash: string): string | null {
  const info = chainInfo(chain);
  return info ? `${info.explorerUrl}/tx/${encodeURIComponent(txHash)}` : null;
}

export function explorerAddressUrl(chain: string, address: string, kind: "token" | "account" = "account"): string | null {
  const info = chainInfo(chain);
  if (!info) return null;
  const seg = info.family === "solana" ? (kind === "token" ? "token" : "account") : kind === "token" ? "token" : "address";
  return `${info.explorerUrl}/${seg}/${encodeURIComponent(address)}`;
}
