export * from "./users";
export * from "./groups";
export * from "./requests";
export * from "./limits";
export * from "./email";
export * from "./feedback";
export * from "./rate-limits";
export * from "./metrics";
