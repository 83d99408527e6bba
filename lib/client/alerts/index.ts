export * from "./rules";
export * from "./store";
export * from "./readings";
