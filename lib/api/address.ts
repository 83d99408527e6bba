import type { ChainId } from "./chains";

// §1.8: EVM hex, case-insensitive on input (canonical lowercase); Solana base58, 32–44 chars.
const EVM_ADDR_RE = /^0x[0-9a-fA-F]{40}$/;
const SOL_ADDR_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export type AddressKind = "evm" | "solana";

export function isEvmAddress(s: string): boolean {
  return EVM_ADDR_RE.test(s);
}

export function isSolanaAddress(s: string): boolean {
  return SOL_ADDR_RE.test(s);
}

export function detectAddressKind(s: string): AddressKind | null {
  const t = s.trim();
  if (isEvmAddress(t)) return "evm";
  if (isSolanaAddress(t)) return "solana";
  return null;
}

/** Canonical form of any address (EVM lowercased), or null when it is neither EVM nor Solana. */
export function canonicalAddress(s: string): string | null {
  const t = s.trim();
  if (isEvmAddress(t)) return t.toLowerCase();
  if (isSolanaAddress(t)) return t;
  return null;
}

/** Canonical address valid for the given chain's family, or null. */
export function canonicalAddressFor(chain: ChainId, s: string): string | null {
  if (chain === "solana") return isSolanaAddress(s) ? s : null;
  return isEvmAddress(s) ? s.toLowerCase() : null;
}

export function shortAddress(addr: string, head = 4, tail = 4): string {
  if (addr.length <= head + tail + 2) return addr;
  const start = addr.startsWith("0x") ? head + 2 : head;
  return `${addr.slice(0, start)}…${addr.slice(-tail)}`;
}

/** A loopback IP as a socket reports it (IPv4 127/8, IPv6 ::1, IPv4-mapped): loopback-only endpoints check this. */
export function isLoopbackIp(ip: string): boolean {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
