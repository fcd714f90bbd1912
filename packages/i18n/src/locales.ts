export * from "@hyn/validators/locales";
