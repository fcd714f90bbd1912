import { groupMembers } from "@hyn/db";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * How a person is shown to others (cards, member lists, invitations, e-mails): their name, else
 * their e-mail address, which fellow members of a group already see in its member list (issue 17).
 * Only for a reader who shares a group with them; `displayNameInGroup` checks that in SQL.
 */
export function displayName(name: string, email: string): string {
  return name.trim() === "" ? email : name;
}

type Person = { id: AnyPgColumn | SQL; name: AnyPgColumn; email: AnyPgColumn };
type Id = AnyPgColumn | SQL | Placeholder | string;

/** `displayName` in SQL, for a reader the person chose to address (the invitee of their invitation). */
export function displayNameSql(person: Omit<Person, "id">): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), ${person.email})`;
}

/**
 * `displayName` for a person shown on something of `groupId` to `reader` (a column or the caller's
 * id): the address only while both are members of that group, else "" (the card's "A neighbour").
 */
export function displayNameInGroup(person: Person, groupId: Id, reader: Id): SQL<string> {
  const isMember = (userId: Id) =>
    sql`exists (select 1 from ${groupMembers} dm where dm.group_id = ${groupId} and dm.user_id = ${userId})`;
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), case when ${isMember(person.id)} and ${isMember(reader)} then ${person.email} else '' end)`;
}

/**
 * `displayName` for a person shown to `reader` apart from any one group (a trip announced to several, the
 * reader's list of blocks): the address only to themself or while they share some group, else "".
 */
export function displayNameAmongGroups(person: Person, reader: Id): SQL<string> {
  const shareAGroup = sql`exists (select 1 from ${groupMembers} theirs join ${groupMembers} mine on mine.group_id = theirs.group_id where theirs.user_id = ${person.id} and mine.user_id = ${reader})`;
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), case when ${person.id} = ${reader} or ${shareAGroup} then ${person.email} else '' end)`;
}
