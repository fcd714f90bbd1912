import { feedbackInput } from "@hyn/validators";
import { z } from "zod";
import { publicProcedure, router } from "../trpc";

export const feedbackRouter = router({
  send: publicProcedure
    .meta({ rest: { method: "POST", path: "/feedback", body: true } })
    .input(feedbackInput)
    .output(z.object({ ok: z.literal(true), id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("feedbackPerIp", ctx.ip);
      const { id } = await ctx.services.feedback.submit(input, ctx.session?.user.id ?? null);
      return { ok: true as const, id };
    }),
});
