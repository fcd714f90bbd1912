import { groupMembers, offlineMembers } from "@hyn/db";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The group's members as MAX_GROUP_MEMBERS counts them and its cards show them, the one rule every join,
 * invitation, link and approval checks (`countMembers`): members with an account and neighbours without
 * the app (issue 42 §1) alike.
 */
export function memberCountSql(groupId: SQL | AnyPgColumn): SQL<number> {
  return sql<number>`((select count(*) from ${groupMembers} m where m.group_id = ${groupId}) + (select count(*) from ${offlineMembers} o where o.group_id = ${groupId}))`.mapWith(
    Number,
  );
}
