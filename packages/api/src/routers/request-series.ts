import { seriesIdInput, seriesOutput, skipSeriesInput, updateSeriesInput } from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

/** Repeating requests (issue 28 §2, ADR 0023): a series is posted with POST /requests and `repeat`. */
export const requestSeriesRouter = router({
  /** The series and its current occurrence: to its requester and the members of its group; else 404. */
  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/request-series/:id" } })
    .input(seriesIdInput)
    .output(seriesOutput)
    .query(({ ctx, input }) => ctx.services.series.byId(ctx.session.user.id, input.id)),

  /**
   * The requester skips the occurrence named by `requestId` (even one a helper has taken, who hears it is gone); the
   * one after it is posted now. One skipped already answers the series as it is.
   */
  skip: protectedProcedure
    .meta({ rest: { method: "POST", path: "/request-series/:id/skip", body: true } })
    .input(skipSeriesInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) => ctx.services.series.skip(ctx.session.user.id, input.id, input.requestId)),

  /** The requester stops it: no more occurrences; an occurrence a helper has taken stays to be finished. */
  stop: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/request-series/:id" } })
    .input(seriesIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.series.stop(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  /** The requester changes what is asked: the next occurrence unless a helper has taken it, and every later one. */
  update: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/request-series/:id", body: true } })
    .input(updateSeriesInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) => ctx.services.series.update(ctx.session.user.id, input)),

  /** A member other than the requester does it every time: later occurrences are claimed for them. */
  take: protectedProcedure
    .meta({ rest: { method: "POST", path: "/request-series/:id/take" } })
    .input(seriesIdInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) => ctx.services.series.take(ctx.session.user.id, input.id)),

  /** The helper stops doing it every time, or the requester lets them go. */
  release: protectedProcedure
    .meta({ rest: { method: "POST", path: "/request-series/:id/release" } })
    .input(seriesIdInput)
    .output(seriesOutput)
    .mutation(({ ctx, input }) => ctx.services.series.release(ctx.session.user.id, input.id)),
});
