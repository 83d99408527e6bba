export * from "./feed";
export * from "./follows";
export * from "./follows-io";
export * from "./poll-plan";
export type { TrackerRuntime, TrackerState, WalletStatus } from "./runtime";
