export * from "./locales";
export * from "./catalogs";
export * from "./error-texts";
