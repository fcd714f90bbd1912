import { canCreateOutput, canJoinOutput, limitsWithCountsOutput, updateLimitsInput, userCountsOutput, userLimitsOutput } from "@hyn/validators";
import { adminProcedure, protectedProcedure, router } from "../trpc";

export const limitsRouter = router({
  get: protectedProcedure.output(userLimitsOutput).query(({ ctx }) => ctx.services.limits.getLimits(ctx.session.user.id)),

  /** PUT /user/limits: admins set any user's limits. */
  update: adminProcedure
    .input(updateLimitsInput)
    .output(userLimitsOutput)
    .mutation(({ ctx, input }) => ctx.services.limits.updateLimits(input)),

  counts: protectedProcedure.output(userCountsOutput).query(({ ctx }) => ctx.services.limits.getCounts(ctx.session.user.id)),

  withCounts: protectedProcedure
    .output(limitsWithCountsOutput)
    .query(({ ctx }) => ctx.services.limits.limitsWithCounts(ctx.session.user.id)),

  canCreateGroup: protectedProcedure.output(canCreateOutput).query(({ ctx }) => ctx.services.limits.canCreateGroup(ctx.session.user.id)),

  canJoinGroup: protectedProcedure.output(canJoinOutput).query(({ ctx }) => ctx.services.limits.canJoinGroup(ctx.session.user.id)),

  canCreateRequest: protectedProcedure
    .output(canCreateOutput)
    .query(({ ctx }) => ctx.services.limits.canCreateRequest(ctx.session.user.id)),
});
