import type { WalletTrade } from "@/lib/api/core";

/**
 * EVM rows are unique by (txHash, logIndex): one transaction can hold several swaps of the same token. Solana rows carry
 * no log index but come as one page, so there is nothing to de-duplicate: equal ones are told apart by occurrence.
 */
export function walletRowKeys(pages: readonly (readonly WalletTrade[])[]): { row: WalletTrade; key: string }[] {
  const seen = new Map<string, number>();
  const out: { row: WalletTrade; key: string }[] = [];
  for (const page of pages)
    for (const t of page) {
      if ("logIndex" in t && typeof t.logIndex === "number") {
        const key = `${t.txHash}:${t.logIndex}`;
        if (seen.has(key)) continue; // the same swap on two pages (a new trade shifted the page)
        seen.set(key, 1);
        out.push({ row: t, key });
      } else {
        const base = `${t.txHash}:${t.tokenAddress}:${t.isBuy ? "b" : "s"}`;
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        out.push({ row: t, key: n === 0 ? base : `${base}#${n}` });
      }
    }
  return out;
}
