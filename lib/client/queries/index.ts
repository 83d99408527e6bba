export * from "./cohorts";
export * from "./infinite";
export * from "./market";
export * from "./pages";
export * from "./token";
export * from "./traders";
export * from "./usage";
export * from "./wallet";
export { staleTimeFor } from "./shared";
