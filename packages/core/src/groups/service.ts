import { groupMembers, groups } from "@hyn/db";
import { type Group, type LeaveGroupResult } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { itemNotices } from "../trips/endings";
import { createGroup, type CreateGroup } from "./create-group";
import { noticeHandover, noticeRemoval } from "./departure-notices";
import { departurePreview } from "./departure-preview";
import { groupHealth } from "./health";
import { groupMembersOf } from "./members";
import { countAccountMembers, departFromGroups, isMember, lockGroup } from "./membership";
import { rememberRemoval } from "./removals";
import { updateGroup, type UpdateGroup } from "./update-group";
import { groupOf, groupsOf } from "./view";

/** The groups API: creating, updating and listing are modules of their own; membership changes stay here. */
export function createGroupsService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    create: (userId: string, input: CreateGroup) => createGroup(deps, userId, input),

    update: (userId: string, input: UpdateGroup) => updateGroup(deps, userId, input),

    /** POST /api/groups/{id}/rules/accept: the member accepts the group's current rules (PRODUCT "Group rules"). */
    async acceptRules(userId: string, groupId: string): Promise<Group> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const accepted = await tx
          .update(groupMembers)
          // The text accepted is kept, so a later change can be marked when they are asked again (issue 43).
          .set({
            rulesAcceptedAt: now,
            rulesAcceptedText: sql`(select ${groups.rules} from ${groups} where ${groups.id} = ${groupMembers.groupId})`,
          })
          .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
          .returning({ userId: groupMembers.userId });
        if (accepted.length === 0) {
          const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
          throw group ? new AppError("FORBIDDEN", "notMember") : new AppError("NOT_FOUND", "groupNotFound");
        }
        return groupOf(tx, userId, groupId);
      });
    },

    list(userId: string): Promise<Group[]> {
      return groupsOf(db, userId);
    },

    members: (viewerId: string, groupId: string) => groupMembersOf(deps, viewerId, groupId),

    /** GET /api/groups/{id}/health (issue 41 §4): the owner's view of the group's last 30 days. */
    health: (userId: string, groupId: string) => groupHealth(deps, userId, groupId),

    /** PRODUCT "How things change": the owner as the last member deletes the group; with others left the owner must stay. */
    /** GET /api/groups/{id}/leave-preview (issue 43): what leaving would do, by a dry run of the departure. */
    leavePreview: (userId: string, groupId: string) => departurePreview(deps, userId, groupId),

    async leave(userId: string, groupId: string): Promise<LeaveGroupResult> {
      const notices = await itemNotices(deps, clock.now());
      return db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        if (!(await isMember(tx, groupId, userId))) throw new AppError("FORBIDDEN", "notMember");
        if (group.createdBy === userId) {
          if ((await countAccountMembers(tx, groupId)) > 1) throw new AppError("CONFLICT", "ownerCannotLeave");
          // Members, invitations and requests of the group go with it (ON DELETE CASCADE).
          await tx.delete(groups).where(eq(groups.id, groupId));
          return { groupDeleted: true };
        }
        await departFromGroups(tx, notices, userId, { groupId });
        return { groupDeleted: false };
      });
    },

    /**
     * PRODUCT "Departures": what they leave behind goes with them, and they are told. The removal is
     * remembered: coming back by a link, they wait for the owner (removals.ts).
     */
    async removeMember(ownerId: string, groupId: string, memberId: string): Promise<void> {
      const notices = await itemNotices(deps, clock.now());
      await db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        if (group.createdBy !== ownerId) throw new AppError("FORBIDDEN", "onlyOwnersRemove");
        if (memberId === ownerId) throw new AppError("BAD_REQUEST", "useLeaveGroup");
        const departure = await departFromGroups(tx, notices, memberId, { groupId });
        if (!departure) throw new AppError("NOT_FOUND", "userNotMember");
        await rememberRemoval(tx, groupId, memberId, notices.now);
        await noticeRemoval(deps, tx, { userId: memberId, group, withdrawn: departure.withdrawn });
      });
    },

    /**
     * Beyond the spec, so that an owner can leave: hands the group to another current member. It is a
     * handover, not a creation or a join, so neither person's group limits are checked.
     */
    async transferOwnership(ownerId: string, groupId: string, newOwnerId: string): Promise<Group> {
      return db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        if (group.createdBy !== ownerId) throw new AppError("FORBIDDEN", "onlyOwnersTransfer");
        if (newOwnerId === ownerId) throw new AppError("BAD_REQUEST", "alreadyOwner");
        if (!(await isMember(tx, groupId, newOwnerId))) throw new AppError("NOT_FOUND", "userNotMember");
        await tx.update(groups).set({ createdBy: newOwnerId }).where(eq(groups.id, groupId));
        await noticeHandover(deps, tx, { newOwnerId, previousOwnerId: ownerId, group });
        return groupOf(tx, ownerId, groupId);
      });
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
