import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "./columns";
import { users } from "./users";

export const groups = pgTable(
  "groups",
  {
    id: id(),
    name: text("name").notNull(),
    /** Optional, one line, markup stripped, at most 500 characters (PRODUCT "What is checked"); set by the owner. */
    description: text("description"),
    /** Optional, at most 2,000 characters, line breaks kept (PRODUCT "Group rules"); set by the owner. */
    rules: text("rules"),
    /** When the rules last changed: members whose acceptance is older accept again. */
    rulesChangedAt: ts("rules_changed_at"),
    /** The owner. Ownership can be transferred, so this is "current owner", not "original creator". */
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [index("groups_created_by_idx").on(t.createdBy)],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    /** When this member last accepted the group's rules (PRODUCT "Group rules"), or null. */
    rulesAcceptedAt: ts("rules_accepted_at"),
    /**
     * The rules as they read when this member accepted them (issue 43): what changed since is marked when they
     * are asked again. Null when unknown (accepted before this was kept): the rules are then shown unmarked.
     */
    rulesAcceptedText: text("rules_accepted_text"),
    /**
     * Whether they joined by an invitation or a link (not by creating the group): until they answer the
     * first-run question, such a group's new requests reach them in the daily summary (issue 43 §5).
     */
    joinedByInvitation: boolean("joined_by_invitation").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId], name: "group_members_pkey" }),
    index("group_members_user_id_idx").on(t.userId, t.joinedAt),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** Stored lower-cased; compared with the addressee's account e-mail. */
    email: text("email").notNull(),
    /** SHA-256 hex of the token in the e-mailed link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique("invites_token_hash_unique"),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    /** How it was used: "accepted" (also by its link) or "declined"; null while unused. The sent list shows it for 7 days. */
    outcome: text("outcome", { enum: ["accepted", "declined"] }),
    /** Who used it: the addressee's account; null while unused, or once that account is deleted. */
    usedBy: uuid("used_by").references(() => users.id, { onDelete: "set null" }),
    invitedBy: uuid("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("invites_email_idx").on(t.email, t.expiresAt),
    index("invites_invited_by_idx").on(t.invitedBy, t.expiresAt),
    index("invites_group_email_idx").on(t.groupId, t.email),
    index("invites_pending_email_idx")
      .on(t.email)
      .where(sql`${t.usedAt} IS NULL`),
    check("invites_outcome_when_used", sql`${t.outcome} IS NULL OR ${t.usedAt} IS NOT NULL`),
  ],
);

/**
 * A member the owner removed (issue 38 §3): coming back by any link waits for the owner's approval, whatever
 * the link's setting. The row goes when they join again, which only the owner lets them do: approving
 * their request, or an invitation sent to their address (removing them cancels those sent before).
 */
export const groupRemovals = pgTable(
  "group_removals",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    removedAt: ts("removed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId], name: "group_removals_pkey" }),
    index("group_removals_user_id_idx").on(t.userId),
  ],
);
