// Shared by the market's index tests.
import { TradeRecord } from "../index/records";

/** Token metadata with nothing set (a launch with no socials, icon or hostile payload). */
export const NO_META = {
  description: null,
  iconUrl: null,
  websiteUrl: null,
  twitterUrl: null,
  telegramUrl: null,
  discordUrl: null,
  hostile: null,
};

/** A trade record with named fields (its constructor takes twenty in a row); defaults: a Solana buy of $10 by "M". */
export function tradeRecord(
  seq: number,
  o: Partial<{
    chain: string;
    token: string;
    symbol: string;
    pool: string;
    maker: string;
    isBuy: boolean;
    at: number;
    amountToken: number;
    volumeNative: number;
    usd: number;
    wash: boolean;
    txHash: string;
  }> = {},
): TradeRecord {
  const chain = o.chain ?? "solana";
  return new TradeRecord(
    seq,
    chain,
    o.token ?? "T",
    o.symbol ?? "T",
    o.pool ?? "P1",
    null,
    o.maker ?? "M",
    o.isBuy ?? true,
    o.at ?? 1e12 + seq * 1000,
    o.amountToken ?? 1,
    o.volumeNative ?? 1,
    o.usd ?? 10,
    o.wash ?? false,
    false,
    false,
    false,
    o.txHash ?? `tx${seq}`,
    seq,
    0,
    chain === "solana",
  );
}
