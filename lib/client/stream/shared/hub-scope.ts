import { createSocketClient, defaultStreamUrl } from "../socket-core";
import { createStreamHub, type StreamHub } from "./hub";
import { createLightCodec } from "./light-codec";
import { tabLockName } from "./protocol";

// The hub as the shared worker or the elected tab runs it: the real socket (socket-core.ts) with the light codec, and
// a silent tab kept while it still holds its Web Lock (a hidden tab's timers can be slowed to once a minute).

export async function tabHoldsLock(tab: string): Promise<boolean> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return false;
  const { held = [] } = await locks.query();
  return held.some((l) => l.name === tabLockName(tab));
}

export function createHubForScope(onTabGone?: (tab: string) => void): StreamHub {
  const codec = createLightCodec();
  return createStreamHub({
    createClient: (sinceAt) => createSocketClient({ url: defaultStreamUrl, sinceAt }, codec),
    rawOf: codec.rawOf,
    isTabAlive: tabHoldsLock,
    onTabGone,
  });
}
