export * from "./address";
export * from "./chains";
export * from "./endpoints";
export * from "./errors";
export * from "./schemas";
export * from "./stream";
export * from "./usage";
export * from "./validate";
