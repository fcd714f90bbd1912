import { DEFAULT_USER_LIMITS } from "@hyn/validators/policy";
import { integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./users";

/** Per-user limits (PRODUCT "What is stored", the defaults in PRODUCT "Limits"). A row is created with the account. */
export const userLimits = pgTable("user_limits", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  maxOpenRequests: integer("max_open_requests").notNull().default(DEFAULT_USER_LIMITS.maxOpenRequests),
  maxGroupsCreated: integer("max_groups_created").notNull().default(DEFAULT_USER_LIMITS.maxGroupsCreated),
  maxGroupsJoined: integer("max_groups_joined").notNull().default(DEFAULT_USER_LIMITS.maxGroupsJoined),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
