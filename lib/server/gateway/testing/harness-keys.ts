import { type Channel, parseChannelParams, subscriptionKey } from "@/lib/api";
import { EVM_TOKEN } from "./fixtures";

/** The subscription key the upstream sees for browser-style params. */
export function keyOf(channel: Channel, params: unknown): string {
  const p = parseChannelParams(channel, params);
  if (!p.ok) throw new Error(p.message);
  return subscriptionKey(channel, p.params);
}

export const tradesParams = (n: number) => ({ chain: "evm:8453", address: EVM_TOKEN(n) });
export const ohlcvParams = (n: number, interval = "1m") => ({ chain: "evm:8453", address: EVM_TOKEN(n), interval });
export const pulseParams = { view: "new", chains: ["evm:8453"] };
