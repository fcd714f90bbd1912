import { groupMembers, groups } from "@hyn/db";
import { sql, type SQL } from "drizzle-orm";

/**
 * PRODUCT "Group rules" (shared: the groups list and the dashboard both ask it): the member (the group_members row joined) has rules of the group to accept: it has
 * rules, they are not its owner (who wrote them), and they have not accepted them since their last change.
 */
export function rulesToAcceptSql(): SQL<boolean> {
  return sql<boolean>`(${groups.rules} is not null and ${groups.createdBy} <> ${groupMembers.userId} and (${groupMembers.rulesAcceptedAt} is null or ${groupMembers.rulesAcceptedAt} < ${groups.rulesChangedAt}))`;
}
