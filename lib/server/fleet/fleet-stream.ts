import type { Logger } from "../logger";
import type { RedisLink } from "./redis-link";
import { createStreamLeader, type StreamLeader } from "./stream-leader";
import { type StreamRelay, startStreamRelay } from "./stream-relay";

// Fleet mode's stream side, as server.ts starts it: the leader election (and, while leader, the upstream stream for
// the fleet) plus this instance's relay, which the gateway uses as its upstream.

export interface FleetStream {
  leader: StreamLeader;
  relay: StreamRelay;
  close(): Promise<void>;
}

export async function startFleetStream(o: {
  link: RedisLink;
  market: () => { streamUrl: string; key: string };
  limits: { connections: number; subscriptionsPerConnection: number; trackedTokens: number };
  logger: Pick<Logger, "info" | "warn">;
}): Promise<FleetStream> {
  const relay = await startStreamRelay({ link: o.link, market: o.market, logger: o.logger });
  const leader = createStreamLeader({ link: o.link, target: o.market, logger: o.logger, limits: o.limits });
  return {
    leader,
    relay,
    async close() {
      await leader.close();
      await relay.close();
    },
  };
}
