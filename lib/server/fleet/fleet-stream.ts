import type { LivenessBudget } from "../gateway/liveness/scheduler";
import type { Logger } from "../ops/logger";
import { createFleetLiveness, type FleetLiveness } from "./fleet-liveness";
import type { RedisLink } from "./redis-link";
import { createStreamLeader, type StreamLeader } from "./stream-leader";
import { type StreamRelay, startStreamRelay } from "./stream-relay";
import { streamShare } from "./stream-share";

// Fleet mode's stream side as server.ts starts it: leader, relay and liveness link (docs/fleet.md).

export interface FleetStream {
  leader: StreamLeader;
  relay: StreamRelay;
  /** For the gateway's `liveness.fleet`. */
  liveness: FleetLiveness;
  close(): Promise<void>;
}

export async function startFleetStream(o: {
  link: RedisLink;
  market: () => { streamUrl: string; key: string };
  /** The key's whole stream budget (the gateway's limits in fleet mode). */
  limits: LivenessBudget;
  expectedInstances: number;
  /** STREAM_ADDRESS_SHARE: the leader holds each client address to it over the fleet's summed demand. */
  addressShare?: number;
  logger: Pick<Logger, "info" | "warn">;
}): Promise<FleetStream> {
  const relay = await startStreamRelay({ link: o.link, market: o.market, logger: o.logger });
  const leader = createStreamLeader({
    link: o.link,
    target: o.market,
    logger: o.logger,
    limits: o.limits,
    expectedInstances: o.expectedInstances,
    addressShare: o.addressShare,
  });
  const liveness = createFleetLiveness({ link: o.link, localBudget: streamShare(o.limits, o.expectedInstances) });
  return {
    leader,
    relay,
    liveness,
    async close() {
      liveness.close();
      await leader.close();
      await relay.close();
    },
  };
}
