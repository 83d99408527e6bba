export * from "./cohorts";
export * from "./infinite";
export * from "./market";
export { staleTimeFor } from "./shared";
export * from "./token";
export * from "./wallet";
export * from "./usage";
