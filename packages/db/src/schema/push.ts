import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { users } from "./users";

/**
 * A browser's Web Push subscription (issue 16): where to POST (the push service's endpoint, unique:
 * a browser that subscribes again, even for another person, updates its row) and the keys that
 * encrypt payloads for it (RFC 8291). It goes with its person.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_key"),
    /** The browser's P-256 public key, base64url (65 bytes, uncompressed point). */
    p256dh: text("p256dh").notNull(),
    /** The browser's auth secret, base64url (16 bytes). */
    auth: text("auth").notNull(),
    /** How the person recognises the device in their list ("Chrome on Android"). */
    label: text("label").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the push service last accepted a message for it. */
    lastSuccessAt: ts("last_success_at"),
  },
  (t) => [index("push_subscriptions_user_id_idx").on(t.userId)],
);
