import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { groups } from "./groups";
import { users } from "./users";

/**
 * A neighbour without an account (issue 42 §1, PRODUCT "A neighbour without the app"): not a user, so
 * nobody can invite, block, report or make them an owner. A member of the group is their contact: the one
 * who added them, or the owner once that member has left (`departFromGroups`). They count toward the
 * group's members (MAX_GROUP_MEMBERS) and go with the group (cascade) or when their contact removes them.
 */
export const offlineMembers = pgTable(
  "offline_members",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A landline is fine: shown only to the helper of a request posted for them, while it is claimed. */
    phone: text("phone").notNull(),
    generalArea: text("general_area"),
    /** How to reach them ("ring twice, she is slow to the door"); shown with the phone. */
    howToReach: text("how_to_reach"),
    /** The member who passes things on; a departure hands them to the owner before this row could dangle. */
    contactId: uuid("contact_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [index("offline_members_group_id_idx").on(t.groupId), index("offline_members_contact_id_idx").on(t.contactId)],
);
