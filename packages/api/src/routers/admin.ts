import { adminMetricsOutput } from "@hyn/validators";
import { adminProcedure, router } from "../trpc";

export const adminRouter = router({
  metrics: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/metrics" } })
    .output(adminMetricsOutput)
    .query(({ ctx }) => ctx.services.metrics.adminMetrics()),
});
