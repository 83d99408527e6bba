import type { Channel, ChannelParams } from "@/lib/api/stream";
import type { ReportedDemand } from "../gateway/liveness/controller";
import type { LivenessBudget, ResourceDemand } from "../gateway/liveness/scheduler";
import { streamShare } from "./stream-share";

export type { ReportedDemand };

// Pure parts of the fleet's stream budget: summed demand, the leader's budget less missing shares (docs/fleet.md).

export interface FleetDemand {
  /** Summed over instances, one per resource (viewers > 0). */
  demand: ResourceDemand[];
  /** Resources some instance still streams without viewers, not demanded anywhere. */
  lingering: string[];
  /** Params of every resource above. */
  params: Map<string, { channel: Channel; params: ChannelParams[Channel] }>;
}

export function mergeDemand(reports: Iterable<readonly ReportedDemand[]>): FleetDemand {
  const byKey = new Map<string, ResourceDemand>();
  const lingering = new Set<string>();
  const params = new Map<string, { channel: Channel; params: ChannelParams[Channel] }>();
  for (const report of reports)
    for (const r of report) {
      if (!params.has(r.key)) params.set(r.key, { channel: r.channel, params: r.params });
      if (r.viewers > 0) {
        // Viewers per client address add up across instances: one address behind the balancer is one share.
        const d = byKey.get(r.key);
        const by = { ...d?.by };
        for (const [a, v] of Object.entries(r.by ?? { "": r.viewers })) by[a] = (by[a] ?? 0) + v;
        byKey.set(r.key, { key: r.key, channel: r.channel, tracked: r.tracked, viewers: (d?.viewers ?? 0) + r.viewers, by });
      } else if (r.lingering) lingering.add(r.key);
    }
  for (const key of byKey.keys()) lingering.delete(key);
  const demand = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { demand, lingering: [...lingering].sort(), params };
}

/** The budget the leader schedules: the key's, less the share of each expected instance that is not reporting. */
export function leaderBudget(key: LivenessBudget, expectedInstances: number, reporting: number): LivenessBudget {
  const expected = Math.max(1, Math.floor(expectedInstances));
  const missing = Math.min(expected, Math.max(0, expected - Math.max(0, Math.floor(reporting))));
  const share = streamShare(key, expected);
  const connections = Math.max(0, key.connections - missing * share.connections);
  return {
    connections,
    subscriptionsPerConnection: key.subscriptionsPerConnection,
    trackedTokens: Math.max(0, key.trackedTokens - missing * share.trackedTokens),
    pulseReserve: Math.min(key.pulseReserve, connections * key.subscriptionsPerConnection),
  };
}
