import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "./columns";
import { groups } from "./groups";
import { users } from "./users";

/**
 * A shareable link into a group (issue 27, ADR 0021): anyone holding it may join, at once or by asking
 * the owner. The token is derived from the id with a stored key (group-links/tokens.ts), so the owner can
 * see the link again; only its hash is stored, to find the link by token. A revoked link keeps its row,
 * so its token is still told apart from an e-mail invitation's ("invalid or has expired").
 */
export const groupLinks = pgTable(
  "group_links",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** SHA-256 hex of the token in the link. */
    tokenHash: text("token_hash").notNull().unique("group_links_token_hash_unique"),
    /** True: each person asks, and the owner approves or declines. */
    approval: boolean("approval").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("group_links_group_id_idx").on(t.groupId, t.expiresAt)],
);

/**
 * A person who asked to join through an approval link. Approved, the row goes; declined, it stays with
 * `declined_at` so they cannot ask again for JOIN_REQUEST_DECLINE_COOLDOWN_MS (issue 43); withdrawn by them,
 * it stays with `withdrawn_at`, so asking again soon does not e-mail the owner twice (`owner_told_at`).
 * Pending: neither declined nor withdrawn.
 */
export const groupJoinRequests = pgTable(
  "group_join_requests",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    declinedAt: ts("declined_at"),
    withdrawnAt: ts("withdrawn_at"),
    /** When the owner was last told of this person's asking (e-mail or push): at most once a minute. */
    ownerToldAt: ts("owner_told_at"),
  },
  (t) => [
    uniqueIndex("group_join_requests_group_user_unique").on(t.groupId, t.userId),
    index("group_join_requests_user_id_idx").on(t.userId),
  ],
);
