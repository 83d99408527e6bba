import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { ApiError, canonicalAddress } from "@/lib/api";
import type { SimCore } from "../core";
import { HOSTILE_KINDS } from "../engine/names";
import type { FaultState } from "../faults";
import type { SimUsage } from "../usage";
import { controlState } from "./control-state";
import { readJsonBody, sendJson } from "./respond";

// Loopback-only control endpoint for end-to-end tests and demos:
//   GET/PUT/DELETE /__control/faults   read, patch (partial FaultConfig) or reset fault injection
//   POST /__control/scenario           { action: "launch" | "graduate" | "trade" | "revert-next" | "drop-streams", ... }
//   GET /__control/state               counts and a few notable ids to drive tests with
//   GET /__control/usage               per key: stream connections, subscriptions, tracked (now, peak), REST calls

const scenarioSchema = z.discriminatedUnion("action", [
  z.strictObject({
    action: z.literal("launch"),
    chain: z.string(),
    bundle: z.number().int().min(0).max(12).optional(),
    hostile: z.enum(HOSTILE_KINDS).optional(),
    /** The dev and the bundle never sell on their own: a test's own sells are the only ones. */
    holdCohorts: z.boolean().optional(),
    /** Only the control API trades it on its curve (no crowd), so its progress is what the caller's trades made it. */
    quiet: z.boolean().optional(),
  }),
  z.strictObject({ action: z.literal("graduate"), chain: z.string(), address: z.string() }),
  z.strictObject({
    action: z.literal("trade"),
    chain: z.string(),
    address: z.string(),
    side: z.enum(["buy", "sell"]),
    usd: z.number().positive().max(1e9),
    maker: z.string().optional(),
    /** Base only: this trade is preconfirmed, then reverts. */
    revert: z.boolean().optional(),
  }),
  z.strictObject({ action: z.literal("revert-next"), chain: z.literal("evm:8453") }),
  z.strictObject({ action: z.literal("drop-streams"), mode: z.enum(["abrupt", "shutdown"]).default("abrupt") }),
]);

/** What the control API may do to the stream server: end every open connection now. */
export interface StreamControl {
  dropAll?(mode: "abrupt" | "shutdown"): number;
}

export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  core: SimCore,
  faults: FaultState,
  usage?: SimUsage,
  streams: StreamControl | null = null,
): Promise<void> {
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case "GET /__control/faults":
      return sendJson(res, 200, { data: faults.get() });
    case "PUT /__control/faults":
    case "PATCH /__control/faults": {
      const body = await readJsonBody(req);
      try {
        return sendJson(res, 200, { data: faults.patch(body ?? {}) });
      } catch (e) {
        throw new ApiError("invalid_body", (e as Error).message, { status: 400, param: "body" });
      }
    }
    case "DELETE /__control/faults":
      return sendJson(res, 200, { data: faults.reset() });
    case "GET /__control/usage":
      return sendJson(res, 200, { data: usage?.report() ?? {} });
    case "GET /__control/state":
      core.sync();
      return sendJson(res, 200, { data: controlState(core) });
    case "POST /__control/scenario": {
      const r = scenarioSchema.safeParse(await readJsonBody(req));
      if (!r.success) {
        const i = r.error.issues[0];
        throw new ApiError("invalid_body", `${i?.path.join(".") || "body"}: ${i?.message ?? "invalid"}`, {
          status: 400,
          param: "body",
        });
      }
      const a = r.data;
      if (a.action === "drop-streams") {
        if (!streams?.dropAll) throw new ApiError("not_found", "this market serves no stream", { status: 404 });
        return sendJson(res, 200, { data: { mode: a.mode, dropped: streams.dropAll(a.mode) } });
      }
      core.sync();
      const s = core.market.scenario;
      const addr = (x: string) => canonicalAddress(x) ?? x;
      const data =
        a.action === "launch"
          ? s.launch(a.chain, { bundle: a.bundle, hostile: a.hostile, holdCohorts: a.holdCohorts, quiet: a.quiet })
          : a.action === "graduate"
            ? s.graduate(a.chain, addr(a.address))
            : a.action === "trade"
              ? s.trade(a.chain, addr(a.address), a.side, a.usd, a.maker ? addr(a.maker) : undefined, a.revert)
              : s.revertNextBase();
      core.index.flush();
      core.index.tick(core.now());
      return sendJson(res, 200, { data });
    }
    default:
      throw new ApiError("not_found", `no control route ${route.slice(0, 128)}`, { status: 404 });
  }
}
