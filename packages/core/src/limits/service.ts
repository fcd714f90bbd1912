import { userLimits } from "@hyn/db";
import {
  englishText,
  type CanCreate,
  type KeyedMessage,
  type LimitKind,
  type MessageKey,
  type CanJoin,
  type LimitsWithCounts,
  type UserCounts,
  type UserLimits,
  type updateLimitsInput,
} from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { groupCreationRefusal, groupJoinRefusal, overLimitNote, requestCreationRefusal } from "@hyn/validators/rules";
import { readUsage, userLimitsColumns } from "./usage";

type LimitsUpdate = z.output<typeof updateLimitsInput>;

/** The refusal, if any, and a plain word when the count is already above its limit; in the spec's English, as the API has answered. */
function verdict(
  refusal: KeyedMessage | null,
  kind: LimitKind,
  max: number,
  current: number,
): { reason?: string; overLimit?: string } {
  const overLimit = overLimitNote(kind, max, current);
  return {
    ...(refusal === null ? {} : { reason: englishText(refusal) }),
    ...(overLimit === null ? {} : { overLimit: englishText(overLimit) }),
  };
}

export function createLimitsService(deps: CoreDeps) {
  const { db, clock } = deps;

  async function usage(userId: string, missing: MessageKey): Promise<LimitsWithCounts> {
    const found = await readUsage(db, userId);
    if (!found) throw new AppError("NOT_FOUND", missing);
    return found;
  }

  return {
    async getLimits(userId: string): Promise<UserLimits> {
      return (await usage(userId, "userLimitsNotFound")).limits;
    },

    async getCounts(userId: string): Promise<UserCounts> {
      return (await usage(userId, "userCountsNotFound")).counts;
    },

    limitsWithCounts(userId: string): Promise<LimitsWithCounts> {
      return usage(userId, "userLimitsNotFound");
    },

    /** Advisory answers for the screens; the actions themselves re-check under a lock. */
    async canCreateGroup(userId: string): Promise<CanCreate> {
      const { limits, counts } = await usage(userId, "userLimitsNotFound");
      const refusal = groupCreationRefusal(limits, counts);
      return {
        canCreate: refusal === null,
        ...verdict(refusal, "groups", limits.maxGroupsCreated, counts.groupsCreatedCount),
      };
    },

    async canJoinGroup(userId: string): Promise<CanJoin> {
      const { limits, counts } = await usage(userId, "userLimitsNotFound");
      const refusal = groupJoinRefusal(limits, counts);
      return {
        canJoin: refusal === null,
        ...verdict(refusal, "groups joined", limits.maxGroupsJoined, counts.groupsJoinedCount),
      };
    },

    async canCreateRequest(userId: string): Promise<CanCreate> {
      const { limits, counts } = await usage(userId, "userLimitsNotFound");
      const refusal = requestCreationRefusal(limits, counts, counts.groupsCreatedCount + counts.groupsJoinedCount);
      return {
        canCreate: refusal === null,
        ...verdict(refusal, "open requests", limits.maxOpenRequests, counts.openRequestsCount),
      };
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
      if (!row) throw new AppError("NOT_FOUND", "userLimitsNotFound");
      return row;
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
