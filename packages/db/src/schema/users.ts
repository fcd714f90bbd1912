import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull().default(""),
    phone: text("phone"),
    generalArea: text("general_area"),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** The language the app and its e-mails speak to this person: their browser's at sign-up, then their choice. */
    locale: text("locale").notNull().default("en"),
    emailVerifiedAt: ts("email_verified_at"),
    /**
     * When the app asked how to tell this person of neighbours' requests (PRODUCT "Asked once"), answered or
     * skipped: asked once per account. Null: not asked yet.
     */
    notificationsAskedAt: ts("notifications_asked_at"),
    /** Last sign-in or action; "active users" in the admin metrics (ADR 0005). */
    lastActiveAt: ts("last_active_at"),
    /**
     * When an admin suspended the account (issue 29): it cannot sign in, and every session ended then.
     * Null: not suspended. Why, and by whom, is in the admin audit log.
     */
    suspendedAt: ts("suspended_at"),
    /**
     * "Always tell me at once" (issue 41 §2): this person turned resting off, so new requests reach them at
     * once however many they have taken on lately. False: they rest after 3 offers in 7 days.
     */
    alwaysAtOnce: boolean("always_at_once").notNull().default(false),
    /**
     * "Hide my e-mail address from other members" (issue 43 §3): member lists and user reads send it only to
     * the person and to the owners of their groups. False: fellow members see it, as the spec shows.
     */
    emailHidden: boolean("email_hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per address, compared case-insensitively.
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
    index("users_last_active_at_idx").on(t.lastActiveAt),
  ],
);

/** Lucia-style sessions: the id is the SHA-256 hex of the token the client holds. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    /** Set when a password-reset link created the session: for 15 minutes it may change the password without the current one. */
    fromResetLinkAt: ts("from_reset_link_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** One-time tokens (e-mail verification, password reset), stored only as SHA-256 hashes. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose),
    check("auth_tokens_purpose_check", sql`${t.purpose} IN ('verify_email', 'reset_password')`),
  ],
);
