import { z } from "zod";
import { type FaultConfig, NO_FAULTS } from "./feed";

// Fault injection state (embedded service only), changed through the loopback control endpoint.

const rate = z.number().min(0).max(1);
export const faultPatchSchema = z
  .strictObject({
    restLatencyMs: z.number().int().min(0).max(120_000),
    restErrorRate: rate,
    restRateLimitRate: rate,
    restHangRate: rate,
    streamDropAfterMs: z.number().int().min(1).max(86_400_000).nullable(),
    streamDelayMs: z.number().int().min(0).max(120_000),
    streamDuplicateRate: rate,
    streamReorderWindowMs: z.number().int().min(0).max(60_000),
    streamSkipDeltaRate: rate,
    streamRefuseConnections: z.boolean(),
  })
  .partial();

export class FaultState {
  private config: FaultConfig = { ...NO_FAULTS };

  get(): FaultConfig {
    return this.config;
  }

  /** Applies a validated partial; throws the zod error message on bad input. */
  patch(input: unknown): FaultConfig {
    const r = faultPatchSchema.safeParse(input);
    if (!r.success) {
      const i = r.error.issues[0];
      throw new Error(`${i?.path.join(".") || "body"}: ${i?.message ?? "invalid"}`);
    }
    this.config = { ...this.config, ...r.data };
    return this.config;
  }

  reset(): FaultConfig {
    this.config = { ...NO_FAULTS };
    return this.config;
  }
}
