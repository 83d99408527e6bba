import type { LivenessMode } from "@/lib/api/stream";
import type { ReportedDemand, SharedLiveness } from "../gateway/liveness/controller";
import type { LivenessBudget } from "../gateway/liveness/scheduler";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// An instance's side of the fleet's stream budget: reports its demand, follows the leader's decision (docs/fleet.md).

export const WANT_PREFIX = `${KEY_PREFIX}want:`;
const WANT_INSTANCES = `${KEY_PREFIX}want:instances`;
/** The decision: resource → "stream" | "poll" (every resource some instance reported), `_` = the leader's epoch. */
export const MODES_KEY = `${KEY_PREFIX}modes`;
/** Published (with the instance id) when an instance's demand gains a resource, so the leader decides at once. */
export const DEMAND_CHANNEL = `${KEY_PREFIX}demand-changed`;
const REPORT_TTL_MS = 5_000;
const REFRESH_MS = 250;

export interface FleetLiveness extends SharedLiveness {
  close(): void;
}

export function createFleetLiveness(o: {
  link: RedisLink;
  localBudget: LivenessBudget;
  refreshMs?: number;
}): FleetLiveness {
  const inst = o.link.instanceId;
  const want = `${WANT_PREFIX}${inst}`;
  let known = new Set<string>();
  let decided: Map<string, LivenessMode> | null = null;
  let closed = false;

  async function refresh() {
    const r = o.link.client();
    if (!r) {
      decided = null;
      return;
    }
    try {
      const fields = (await r.hgetall(MODES_KEY)) as Record<string, string>;
      if (!("_" in fields)) {
        decided = null;
        return;
      }
      const next = new Map<string, LivenessMode>();
      for (const [k, v] of Object.entries(fields)) if (k !== "_" && (v === "stream" || v === "poll")) next.set(k, v);
      decided = next;
    } catch (error) {
      o.link.failed(error);
    }
  }
  const timer = setInterval(() => void refresh(), o.refreshMs ?? REFRESH_MS);
  timer.unref();
  void refresh();
  const off = o.link.onStateChange((s) => {
    if (s === "down") decided = null;
    else void refresh();
  });

  return {
    localBudget: o.localBudget,
    report(demand: readonly ReportedDemand[]) {
      const r = o.link.client();
      if (!r || closed) return;
      const grew = demand.some((d) => !known.has(d.key));
      known = new Set(demand.map((d) => d.key));
      const fields: Record<string, string> = { _: String(Date.now()) };
      for (const d of demand) fields[d.key] = JSON.stringify(d);
      r.multi()
        .del(want)
        .hset(want, fields)
        .pexpire(want, REPORT_TTL_MS)
        .sadd(WANT_INSTANCES, inst)
        .exec()
        .then(() => (grew ? r.publish(DEMAND_CHANNEL, inst) : 0))
        .catch((e: unknown) => o.link.failed(e));
    },
    modes: () => (o.link.state() === "up" ? decided : null),
    close() {
      closed = true;
      clearInterval(timer);
      off();
      o.link
        .client()
        ?.del(want)
        .catch(() => {});
    },
  };
}

/** Every reporting instance's demand (dropping instances whose report expired). */
export async function readReports(link: RedisLink): Promise<Map<string, ReportedDemand[]>> {
  const r = link.client();
  const out = new Map<string, ReportedDemand[]>();
  if (!r) return out;
  const instances = (await r.smembers(WANT_INSTANCES)) as string[];
  const all = await Promise.all(
    instances.map((i) => r.hgetall(`${WANT_PREFIX}${i}`) as Promise<Record<string, string>>),
  );
  const expired: string[] = [];
  for (const [n, fields] of all.entries()) {
    const inst = instances[n] as string;
    if (!("_" in fields)) {
      expired.push(inst);
      continue;
    }
    out.set(
      inst,
      Object.entries(fields)
        .filter(([k]) => k !== "_")
        .map(([, v]) => JSON.parse(v) as ReportedDemand),
    );
  }
  if (expired.length > 0) await r.srem(WANT_INSTANCES, ...expired);
  return out;
}
