import { groupMembers } from "@hyn/db";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { emailVisibleSql } from "./email-visibility";

/**
 * How a person is shown to others (cards, member lists, invitations, e-mails): their name, else
 * their e-mail address, which fellow members of a group already see in its member list (issue 17).
 * Only for a reader who shares a group with them; `displayNameInGroup` checks that in SQL.
 */
export function displayName(name: string, email: string): string {
  return name.trim() === "" ? email : name;
}

type Person = { id: AnyPgColumn | SQL; name: AnyPgColumn; email: AnyPgColumn; emailHidden: AnyPgColumn };
type Id = AnyPgColumn | SQL | Placeholder | string;

/** `displayName` in SQL, for a reader the person chose to address (the invitee of their invitation). */
export function displayNameSql(person: Pick<Person, "name" | "email">): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), ${person.email})`;
}

/**
 * `displayName` for a reader who may share no group with the person (an open link's page): the address
 * only when they did not hide it (issue 43 §3), else "".
 */
export function displayNameToAnyone(person: Omit<Person, "id">): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), case when not ${person.emailHidden} then ${person.email} else '' end)`;
}

/**
 * `displayName` for a person shown on something of `groupId` to `reader` (a column or the caller's
 * id): the address only while both are members of that group and the person did not hide it from the reader
 * (issue 43 §3), else "" (the card's "A neighbour").
 */
export function displayNameInGroup(person: Person, groupId: Id, reader: Id): SQL<string> {
  const isMember = (userId: Id) =>
    sql`exists (select 1 from ${groupMembers} dm where dm.group_id = ${groupId} and dm.user_id = ${userId})`;
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), case when ${isMember(person.id)} and ${isMember(reader)} and ${emailVisibleSql(person, reader)} then ${person.email} else '' end)`;
}

/**
 * `displayName` for a person shown to `reader` apart from any one group (a trip announced to several, the
 * reader's list of blocks): the address only to themself or while they share some group and it is not hidden
 * from the reader, else "".
 */
export function displayNameAmongGroups(person: Person, reader: Id): SQL<string> {
  const shareAGroup = sql`exists (select 1 from ${groupMembers} theirs join ${groupMembers} mine on mine.group_id = theirs.group_id where theirs.user_id = ${person.id} and mine.user_id = ${reader})`;
  return sql<string>`coalesce(nullif(trim(${person.name}), ''), case when ${person.id} = ${reader} or (${shareAGroup} and ${emailVisibleSql(person, reader)}) then ${person.email} else '' end)`;
}
