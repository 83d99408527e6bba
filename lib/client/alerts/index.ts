export * from "./rules";
export * from "./store";
