import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Secrets the app generates for itself on first start (the VAPID key pair, the key that signs
 * unsubscribe links) and every instance must share. Written once, never updated: the first writer wins.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
