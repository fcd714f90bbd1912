import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email").notNull(),
    subject: text("subject"),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_created_at_idx").on(t.createdAt)],
);
