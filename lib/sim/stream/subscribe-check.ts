import {
  type Channel,
  type ChannelParams,
  parseChannelParams,
  type StreamErrorCode,
  type TradesParams,
} from "@/lib/api";
import type { MarketFeed } from "../feed";
import { poolKey } from "./channels/group";

export type SubscribeCheck =
  | { ok: true; channel: Channel; params: ChannelParams[Channel] }
  | { ok: false; code: StreamErrorCode; message: string };

// Params as the spec shapes them (lib/api), then against the market: address family, token and pools known.
export function checkSubscription(feed: MarketFeed, channel: string, raw: unknown): SubscribeCheck {
  const r = parseChannelParams(channel as Channel, raw);
  if (!r.ok) return r;
  const ch = channel as Channel;
  if (ch === "pulse") return { ok: true, channel: ch, params: r.params };
  const p = r.params as TradesParams;
  const sol = p.chain === "solana";
  const family = (a: string) => sol === !a.startsWith("0x");
  if (!family(p.address))
    return { ok: false, code: "invalid_params", message: `address: not an address of chain ${p.chain}` };
  if (p.pools?.some((a) => !family(a)))
    return { ok: false, code: "invalid_params", message: `pools: not addresses of chain ${p.chain}` };
  if (!feed.tokenExists(p.chain, p.address))
    return { ok: false, code: "token_not_found", message: `no token ${p.address} on ${p.chain}` };
  if (p.pools?.length) {
    const known = new Set(feed.tokenPools(p.chain, p.address).map((a) => poolKey(p.chain, a)));
    const stranger = p.pools.find((a) => !known.has(poolKey(p.chain, a)));
    if (stranger)
      return { ok: false, code: "invalid_params", message: `pools: ${stranger} is not a pool of this token` };
  }
  return { ok: true, channel: ch, params: r.params };
}
