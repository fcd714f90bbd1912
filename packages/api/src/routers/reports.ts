import {
  createReportInput,
  createReportOutput,
  groupReportOutput,
  removeReportedRequestInput,
  reportIdInput,
} from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

/**
 * A member reports a request or a neighbour (issue 29); admins see every report. A group's owner also sees
 * and answers the reports about requests in their group, never one about their own (issue 43).
 */
export const reportsRouter = router({
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/reports", body: true, successStatus: 201 } })
    .input(createReportInput)
    .output(createReportOutput)
    .mutation(({ ctx, input }) => ctx.services.reports.create(ctx.session.user.id, input)),

  /** The owner's queue: open reports about requests in groups they own (empty for anyone else). */
  groupQueue: protectedProcedure
    .meta({ rest: { method: "GET", path: "/reports/my-groups" } })
    .output(z.array(groupReportOutput))
    .query(({ ctx }) => ctx.services.reports.groupQueue(ctx.session.user.id)),

  /** The owner closes a report about their group without action. */
  dismissInGroup: protectedProcedure
    .meta({ rest: { method: "POST", path: "/reports/:id/dismiss" } })
    .input(reportIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.reports.dismissInGroup(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  /** The owner removes the reported request from their group; its open reports close. */
  removeInGroup: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/reports/:reportId/request", body: true } })
    .input(removeReportedRequestInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.reports.removeInGroup(ctx.session.user.id, input);
      return { ok: true as const };
    }),
});
