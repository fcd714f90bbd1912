import { groupMembers, groups, offlineMembers, users } from "@hyn/db";
import type { OfflineMember } from "@hyn/validators";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { isMember } from "../groups/membership";
import type { CoreDeps } from "../shared/deps";
import { displayNameInGroup } from "../shared/display-name";
import { AppError } from "../shared/errors";

/**
 * GET /groups/{id}/offline-members (issue 42 §1): the group's neighbours without the app, for its members,
 * each with their contact ("reached by phone through Ana"). Their phone and how to reach them are shown to
 * their contact and the owner, who may need to ring them; a helper sees them on the request they claimed.
 */
export async function listOfflineMembers(deps: CoreDeps, viewerId: string, groupId: string): Promise<OfflineMember[]> {
  const { db } = deps;
  if (!(await isMember(db, groupId, viewerId))) {
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
    throw group ? new AppError("FORBIDDEN", "notMember") : new AppError("NOT_FOUND", "groupNotFound");
  }
  const mayRing = or(eq(offlineMembers.contactId, viewerId), eq(groups.createdBy, viewerId));
  const rows = await db
    .select({
      id: offlineMembers.id,
      name: offlineMembers.name,
      generalArea: offlineMembers.generalArea,
      contactId: offlineMembers.contactId,
      contactName: displayNameInGroup(users, offlineMembers.groupId, viewerId),
      phone: sql<string | null>`case when ${mayRing} then ${offlineMembers.phone} end`,
      howToReach: sql<string | null>`case when ${mayRing} then ${offlineMembers.howToReach} end`,
      createdAt: offlineMembers.createdAt,
    })
    .from(offlineMembers)
    .innerJoin(groups, eq(groups.id, offlineMembers.groupId))
    .innerJoin(users, eq(users.id, offlineMembers.contactId))
    // The contact is always a member (departures hand them to the owner); the join only keeps the rule visible.
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, offlineMembers.groupId), eq(groupMembers.userId, users.id)))
    .where(eq(offlineMembers.groupId, groupId))
    .orderBy(asc(offlineMembers.createdAt), asc(offlineMembers.id));
  return rows.map(({ contactId, contactName, ...row }) => ({ ...row, contact: { id: contactId, name: contactName } }));
}
