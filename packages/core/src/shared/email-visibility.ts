import { groupMembers, groups } from "@hyn/db";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

type Id = AnyPgColumn | SQL | Placeholder | string;

/** A person's columns this rule reads: the users table or an alias of it. */
export interface EmailOwner {
  id: AnyPgColumn | SQL;
  email: AnyPgColumn;
  emailHidden: AnyPgColumn;
}

/**
 * Whether `reader` may see `person`'s address (issue 43 §3): always, unless they hid it from other
 * members; then only themself and the owners of their groups (who invite, remove and contact them).
 * Callers add their own "shares a group" condition: this rule only narrows it.
 */
export function emailVisibleSql(person: EmailOwner, reader: Id): SQL<boolean> {
  return sql<boolean>`(not ${person.emailHidden} or ${person.id} = ${reader} or exists (select 1 from ${groupMembers} ev join ${groups} eg on eg.id = ev.group_id where ev.user_id = ${person.id} and eg.created_by = ${reader}))`;
}

/** The address for `reader`, or null where `emailVisibleSql` says no. */
export function emailForReaderSql(person: EmailOwner, reader: Id): SQL<string | null> {
  return sql<string | null>`case when ${emailVisibleSql(person, reader)} then ${person.email} end`;
}
