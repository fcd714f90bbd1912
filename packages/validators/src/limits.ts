import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import { MAX_USER_LIMIT } from "./policy";

/** An admin may raise or lower a limit; 0 blocks the action, 1000 is "practically unlimited". */
const limitValue = z
  .number({ error: messages.limitsInvalid })
  .int(messages.limitsInvalid)
  .min(0, messages.limitsInvalid)
  .max(MAX_USER_LIMIT, messages.limitsInvalid);

/** PUT /user/limits (admin only; the spec does not show the body). */
export const updateLimitsInput = z.object({
  userId: z.uuid({ error: messages.userLimitsNotFound }),
  maxOpenRequests: limitValue.optional(),
  maxGroupsCreated: limitValue.optional(),
  maxGroupsJoined: limitValue.optional(),
});
export type UpdateLimitsInput = z.input<typeof updateLimitsInput>;

/** A person's limits. */
export const userLimitsOutput = z.object({
  userId: z.string(),
  maxOpenRequests: z.number().int(),
  maxGroupsCreated: z.number().int(),
  maxGroupsJoined: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type UserLimits = z.input<typeof userLimitsOutput>;

/** What a person has against their limits. */
export const userCountsOutput = z.object({
  openRequestsCount: z.number().int(),
  groupsCreatedCount: z.number().int(),
  groupsJoinedCount: z.number().int(),
});
export type UserCounts = z.input<typeof userCountsOutput>;

export const limitsWithCountsOutput = z.object({ limits: userLimitsOutput, counts: userCountsOutput });
export type LimitsWithCounts = z.input<typeof limitsWithCountsOutput>;

/**
 * The can-create and can-join answers carry canCreate or canJoin; the reason is the limit message when refused.
 * `overLimit` (not in the spec) says plainly why a count is above its limit, when it is.
 */
const refusalFields = { reason: z.string().optional(), overLimit: z.string().optional() };
export const canCreateOutput = z.object({ canCreate: z.boolean(), ...refusalFields });
export type CanCreate = z.input<typeof canCreateOutput>;
export const canJoinOutput = z.object({ canJoin: z.boolean(), ...refusalFields });
export type CanJoin = z.input<typeof canJoinOutput>;
