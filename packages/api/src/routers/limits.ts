import {
  canCreateOutput,
  canJoinOutput,
  limitsWithCountsOutput,
  updateLimitsInput,
  userCountsOutput,
  userLimitsOutput,
} from "@hyn/validators";
import { adminProcedure, protectedProcedure, router } from "../trpc";

export const limitsRouter = router({
  get: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/limits" } })
    .output(userLimitsOutput)
    .query(({ ctx }) => ctx.services.limits.getLimits(ctx.session.user.id)),

  /** PUT /user/limits: admins set any user's limits. */
  update: adminProcedure
    .meta({ rest: { method: "PUT", path: "/user/limits", body: true } })
    .input(updateLimitsInput)
    .output(userLimitsOutput)
    .mutation(({ ctx, input }) => ctx.services.limits.updateLimits(input)),

  counts: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/counts" } })
    .output(userCountsOutput)
    .query(({ ctx }) => ctx.services.limits.getCounts(ctx.session.user.id)),

  withCounts: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/limits-with-counts" } })
    .output(limitsWithCountsOutput)
    .query(({ ctx }) => ctx.services.limits.limitsWithCounts(ctx.session.user.id)),

  canCreateGroup: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/can-create-group" } })
    .output(canCreateOutput)
    .query(({ ctx }) => ctx.services.limits.canCreateGroup(ctx.session.user.id)),

  canJoinGroup: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/can-join-group" } })
    .output(canJoinOutput)
    .query(({ ctx }) => ctx.services.limits.canJoinGroup(ctx.session.user.id)),

  canCreateRequest: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/can-create-request" } })
    .output(canCreateOutput)
    .query(({ ctx }) => ctx.services.limits.canCreateRequest(ctx.session.user.id)),
});
