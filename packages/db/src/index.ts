export * from "./client";
export * from "./data-dir-lock";
export * from "./migrate";
export * from "./app-tables";
export * from "./prepared-queries";
export * from "./sql-helpers";
export * as schema from "./schema";
export * from "./schema";
export * from "./connection-errors";
