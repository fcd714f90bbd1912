import { adminMetricsOutput } from "@hyn/validators";
import { adminProcedure, router } from "../trpc";

export const adminRouter = router({
  metrics: adminProcedure.output(adminMetricsOutput).query(({ ctx }) => ctx.services.metrics.adminMetrics()),
});
