export * from "./errors";
export * from "./format";
export * from "./hand-off";
export * from "./pglite-backup";
export * from "./postgres-backup";
