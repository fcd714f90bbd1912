import {
  adminAuditPageInput,
  adminAuditPageOutput,
  adminMetricsOutput,
  adminReportOutput,
  reinstateUserInput,
  removeGroupInput,
  removeRequestInput,
  reportIdInput,
  suspendUserInput,
  suspensionOutput,
} from "@hyn/validators";
import { z } from "zod";
import { adminProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

export const adminRouter = router({
  metrics: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/metrics" } })
    .output(adminMetricsOutput)
    .query(({ ctx }) => ctx.services.metrics.adminMetrics()),
  // Reports and the admin's actions (issue 29, ADR 0024).
  reports: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/reports" } })
    .output(z.array(adminReportOutput))
    .query(({ ctx }) => ctx.services.reports.openReports()),
  dismissReport: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/reports/:id/dismiss" } })
    .input(reportIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.adminActions.dismissReport(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),
  suspendUser: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/users/:id/suspend", body: true } })
    .input(suspendUserInput)
    .output(suspensionOutput)
    .mutation(({ ctx, input }) => ctx.services.adminActions.suspend(ctx.session.user.id, input)),
  reinstateUser: adminProcedure
    .meta({ rest: { method: "POST", path: "/admin/users/:id/reinstate", body: true } })
    .input(reinstateUserInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.adminActions.reinstate(ctx.session.user.id, input);
      return { ok: true as const };
    }),
  removeRequest: adminProcedure
    .meta({ rest: { method: "DELETE", path: "/admin/requests/:id", body: true } })
    .input(removeRequestInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.adminActions.removeRequest(ctx.session.user.id, input);
      return { ok: true as const };
    }),
  removeGroup: adminProcedure
    .meta({ rest: { method: "DELETE", path: "/admin/groups/:id", body: true } })
    .input(removeGroupInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.adminActions.removeGroup(ctx.session.user.id, input);
      return { ok: true as const };
    }),
  audit: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/audit", answer: "page" } })
    .input(adminAuditPageInput.prefault({}))
    .output(adminAuditPageOutput)
    .query(({ ctx, input }) => ctx.services.adminActions.auditLog(input)),
});
