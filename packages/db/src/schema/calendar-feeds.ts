import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * A person's private calendar feed link, one per person. The token is derived from `seed` with a key
 * kept in app_secrets (so the profile can show the link again) and only its SHA-256 is stored for the
 * lookup. A new link replaces the seed and hash, so the old token stops working at once; deleting
 * the account deletes the row.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seed: text("seed").notNull(),
  tokenHash: text("token_hash").notNull().unique("calendar_feeds_token_hash_unique"),
  createdAt: createdAt(),
});
