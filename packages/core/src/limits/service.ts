import { userLimits } from "@hyn/db";
import { messages, type CanCreate, type CanJoin, type LimitsWithCounts, type UserCounts, type UserLimits, type updateLimitsInput } from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { groupCreationRefusal, groupJoinRefusal, requestCreationRefusal } from "./rules";
import { readUsage, userLimitsColumns } from "./usage";

type LimitsUpdate = z.output<typeof updateLimitsInput>;

function verdict(refusal: string | null): { allowed: boolean; reason?: string } {
  return refusal === null ? { allowed: true } : { allowed: false, reason: refusal };
}

export function createLimitsService(deps: CoreDeps) {
  const { db, clock } = deps;

  async function usage(userId: string, missing: string): Promise<LimitsWithCounts> {
    const found = await readUsage(db, userId);
    if (!found) throw new AppError("NOT_FOUND", missing);
    return found;
  }

  return {
    async getLimits(userId: string): Promise<UserLimits> {
      return (await usage(userId, messages.userLimitsNotFound)).limits;
    },

    async getCounts(userId: string): Promise<UserCounts> {
      return (await usage(userId, messages.userCountsNotFound)).counts;
    },

    limitsWithCounts(userId: string): Promise<LimitsWithCounts> {
      return usage(userId, messages.userLimitsNotFound);
    },

    /** Advisory answers for the screens; the actions themselves re-check under a lock. */
    async canCreateGroup(userId: string): Promise<CanCreate> {
      const { limits, counts } = await usage(userId, messages.userLimitsNotFound);
      const { allowed, reason } = verdict(groupCreationRefusal(limits, counts));
      return reason ? { canCreate: allowed, reason } : { canCreate: allowed };
    },

    async canJoinGroup(userId: string): Promise<CanJoin> {
      const { limits, counts } = await usage(userId, messages.userLimitsNotFound);
      const { allowed, reason } = verdict(groupJoinRefusal(limits, counts));
      return reason ? { canJoin: allowed, reason } : { canJoin: allowed };
    },

    async canCreateRequest(userId: string): Promise<CanCreate> {
      const { limits, counts } = await usage(userId, messages.userLimitsNotFound);
      const { allowed, reason } = verdict(requestCreationRefusal(limits, counts));
      return reason ? { canCreate: allowed, reason } : { canCreate: allowed };
    },

    /** Admin only (the router checks the role). Lowering a limit below a count blocks further actions only. */
    async updateLimits(input: LimitsUpdate): Promise<UserLimits> {
      const [row] = await db
        .update(userLimits)
        .set({
          ...(input.maxOpenRequests !== undefined ? { maxOpenRequests: input.maxOpenRequests } : {}),
          ...(input.maxGroupsCreated !== undefined ? { maxGroupsCreated: input.maxGroupsCreated } : {}),
          ...(input.maxGroupsJoined !== undefined ? { maxGroupsJoined: input.maxGroupsJoined } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(userLimits.userId, input.userId))
        .returning(userLimitsColumns);
      if (!row) throw new AppError("NOT_FOUND", messages.userLimitsNotFound);
      return row;
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
