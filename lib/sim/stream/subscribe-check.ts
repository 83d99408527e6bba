import {
  type Channel,
  type ChannelParams,
  CHANNELS,
  type PulseParams,
  isPollOnly,
  parseChannelParams,
  type StreamErrorCode,
  type TradesParams,
} from "@/lib/api";
import { findSimChain } from "../engine/chains";
import type { MarketFeed } from "../feed";
import { poolKey } from "./channels/group";

export type SubscribeCheck =
  | { ok: true; channel: Channel; params: ChannelParams[Channel] }
  | { ok: false; code: StreamErrorCode; message: string };

// Params as the spec shapes them (lib/api), then against the market: address family, token and pools known.
export function checkSubscription(feed: MarketFeed, channel: string, raw: unknown): SubscribeCheck {
  // §6 has no wallet channel: the gateway's poll-only channels are not this service's
  if ((CHANNELS as readonly string[]).includes(channel) && isPollOnly(channel as Channel))
    return { ok: false, code: "unknown_channel", message: `unknown channel "${channel}"` };
  const r = parseChannelParams(channel as Channel, raw);
  if (!r.ok) return r;
  const ch = channel as Channel;
  // like REST: a chain this market does not serve is named, not an empty feed
  const chains = ch === "pulse" ? (r.params as PulseParams).chains : [(r.params as TradesParams).chain];
  const stranger = chains.find((c) => !findSimChain(c));
  if (stranger) return { ok: false, code: "unknown_chain", message: `this service does not serve chain ${stranger}` };
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
    const foreign = p.pools.find((a) => !known.has(poolKey(p.chain, a)));
    if (foreign) return { ok: false, code: "invalid_params", message: `pools: ${foreign} is not a pool of this token` };
  }
  return { ok: true, channel: ch, params: r.params };
}
