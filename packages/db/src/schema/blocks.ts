import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * A member's block of another (issue 29): while the row exists neither sees the other's requests nor
 * may claim them (`noBlockBetween` in core's shared/blocks.ts is the one rule). Nobody is told; the row
 * goes when the blocker unblocks or either account is deleted. A change-log trigger (migration 0026)
 * makes both people's cached dashboards and their shared groups' lists reload (ADR 0009).
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId], name: "user_blocks_pkey" }),
    index("user_blocks_blocked_id_idx").on(t.blockedId, t.blockerId),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
