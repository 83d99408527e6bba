import type { RateDecision, RateLimiter } from "../http/rate-limit";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// One rate-limit bucket per client across the fleet, refilled by Redis's clock; local without Redis (docs/fleet.md).

const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local perMs = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local ok = 0
if tokens >= cost then
  tokens = tokens - cost
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMs) + 1000)
if ok == 1 then return {1, math.floor(tokens)} end
return {0, math.ceil((cost - tokens) / perMs)}`;

export interface FleetRateLimiter {
  take(client: string, cost?: number): Promise<RateDecision>;
  size(): number;
}

export function createFleetRateLimiter(o: {
  link: RedisLink;
  local: RateLimiter;
  ratePerSec: number;
  burst: number;
}): FleetRateLimiter {
  const perMs = o.ratePerSec / 1000;
  return {
    async take(client, cost = 1) {
      const r = o.link.client();
      if (!r) return o.local.take(client, cost);
      try {
        const [ok, n] = (await r.eval(TAKE, 1, `${KEY_PREFIX}rl:${client}`, perMs, o.burst, cost)) as [number, number];
        return ok === 1 ? { ok: true, remaining: n } : { ok: false, retryAfterSec: Math.max(1, Math.ceil(n / 1000)) };
      } catch (error) {
        o.link.failed(error);
        return o.local.take(client, cost);
      }
    },
    size: () => o.local.size(),
  };
}
