import { createReportInput, createReportOutput } from "@hyn/validators";
import { protectedProcedure, router } from "../trpc";

/** A member reports a request or a neighbour (issue 29); only admins see reports. */
export const reportsRouter = router({
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/reports", body: true, successStatus: 201 } })
    .input(createReportInput)
    .output(createReportOutput)
    .mutation(({ ctx, input }) => ctx.services.reports.create(ctx.session.user.id, input)),
});
