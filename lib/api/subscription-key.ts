// A stable key for identical subscriptions (the gateway shares them). No zod here: the stream's shared worker keys
// its subscriptions with it and must stay small.

export function subscriptionKey(channel: string, params: object): string {
  const p = params as Record<string, unknown>;
  const norm = Object.keys(p)
    .sort()
    .map((k) => {
      const v = p[k];
      return `${k}=${Array.isArray(v) ? [...v].sort().join(",") : String(v)}`;
    });
  return `${channel}?${norm.join("&")}`;
}
