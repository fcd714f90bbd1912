import { groupMembers, groups, users } from "@hyn/db";
import {
  type createGroupInput,
  type updateGroupInput,
  type Group,
  type GroupMember,
  type LeaveGroupResult,
} from "@hyn/validators";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { groupCreationRefusal } from "@hyn/validators/rules";
import type { MemberActivity } from "@hyn/validators/policy";
import { countUsage, lockUserLimits } from "../limits/usage";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { itemNotices } from "../trips/endings";
import { noticeHandover, noticeRemoval } from "./departure-notices";
import { countMembers, departFromGroups, isMember, lockGroup } from "./membership";
import { rememberRemoval } from "./removals";
import { groupOf, groupsOf } from "./view";
import { memberActivitySql } from "./activity";

type CreateGroup = z.output<typeof createGroupInput>;
type UpdateGroup = z.output<typeof updateGroupInput>;

export function createGroupsService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    /** The creator becomes owner and first member; the groups-created limit is counted under their lock. */
    async create(userId: string, input: CreateGroup): Promise<Group> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const limits = await lockUserLimits(tx, userId);
        const refusal = groupCreationRefusal(limits, await countUsage(tx, userId));
        if (refusal) throw new AppError("CONFLICT", refusal);
        const [group] = await tx
          .insert(groups)
          .values({ name: input.name, createdBy: userId, createdAt: now })
          .returning({
            id: groups.id,
            name: groups.name,
            description: groups.description,
            createdBy: groups.createdBy,
            createdAt: groups.createdAt,
          });
        await tx.insert(groupMembers).values({ groupId: group!.id, userId, joinedAt: now });
        return { ...group!, memberCount: 1, joinedAt: now, rules: null, rulesToAccept: false };
      });
    },

    /**
     * PUT /api/groups/{id}: the owner sets (or clears) the description and the rules, each only when given;
     * one conditional update, so race-free. Changed rules (PRODUCT "Group rules") note when, so members
     * who accepted them before accept again.
     */
    async update(userId: string, input: UpdateGroup): Promise<Group> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const { description, rules } = input;
        const updated = await tx
          .update(groups)
          .set({
            description: description === undefined ? sql`${groups.description}` : description,
            ...(rules !== undefined && {
              rules,
              rulesChangedAt: sql`case when ${groups.rules} is distinct from ${rules}::text then ${now.toISOString()}::timestamptz else ${groups.rulesChangedAt} end`,
            }),
          })
          .where(and(eq(groups.id, input.groupId), eq(groups.createdBy, userId)))
          .returning({ id: groups.id });
        if (updated.length === 0) {
          const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, input.groupId));
          throw group ? new AppError("FORBIDDEN", "onlyOwnersDescribe") : new AppError("NOT_FOUND", "groupNotFound");
        }
        return groupOf(tx, userId, input.groupId);
      });
    },

    /** POST /api/groups/{id}/rules/accept: the member accepts the group's current rules (PRODUCT "Group rules"). */
    async acceptRules(userId: string, groupId: string): Promise<Group> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const accepted = await tx
          .update(groupMembers)
          .set({ rulesAcceptedAt: now })
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

    /**
     * Only members see who else is in a group (PRODUCT "Who may do what"); the owner also sees how
     * recently each was active (PRODUCT "Member activity").
     */
    async members(viewerId: string, groupId: string): Promise<GroupMember[]> {
      const viewer = sql`exists (select 1 from ${groupMembers} v where v.group_id = ${groupId} and v.user_id = ${viewerId})`;
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          generalArea: users.generalArea,
          joinedAt: groupMembers.joinedAt,
          activity: sql<MemberActivity | null>`case when ${groups.createdBy} = ${viewerId} then ${memberActivitySql(users.lastActiveAt, clock.now())} end`,
        })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(and(eq(groupMembers.groupId, groupId), viewer))
        .orderBy(asc(groupMembers.joinedAt), asc(users.name));
      // A group always has its owner as a member, so no rows means no group or no membership.
      if (rows.length === 0) {
        const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
        throw group ? new AppError("FORBIDDEN", "notMember") : new AppError("NOT_FOUND", "groupNotFound");
      }
      return rows;
    },

    /** PRODUCT "How things change": the owner as the last member deletes the group; with others left the owner must stay. */
    async leave(userId: string, groupId: string): Promise<LeaveGroupResult> {
      const notices = await itemNotices(deps, clock.now());
      return db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        if (!(await isMember(tx, groupId, userId))) throw new AppError("FORBIDDEN", "notMember");
        if (group.createdBy === userId) {
          if ((await countMembers(tx, groupId)) > 1) throw new AppError("CONFLICT", "ownerCannotLeave");
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
