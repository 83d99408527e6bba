// Engine types that several modules share and that import nothing from the engine, so no module and its users
// import each other.

/** The warm-up's observed flow per archived pool (built by warm-flow.ts, kept on the token in world.ts). */
export interface WarmFlow {
  /** Minutes observed so far (the warm-up's length once sealed). */
  minutes: number;
  sealed: boolean;
  /** Per archived pool (same order as `archive.pools`): native volume per warm-up minute, and trades. */
  native: Float64Array[];
  trades: number[];
}
