import { integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./users";

/** Per-user limits (SPEC §3, defaults SPEC §9). A row is created with the account. */
export const userLimits = pgTable("user_limits", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  maxOpenRequests: integer("max_open_requests").notNull().default(5),
  maxGroupsCreated: integer("max_groups_created").notNull().default(3),
  maxGroupsJoined: integer("max_groups_joined").notNull().default(5),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
