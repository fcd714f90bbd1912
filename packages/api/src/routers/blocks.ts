import { blockedUserOutput, userIdInput } from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

/** Blocking a member (issue 29, PRODUCT "Blocking"): the rows only; what a block does is core's. */
export const blocksRouter = router({
  block: protectedProcedure
    .meta({ rest: { method: "POST", path: "/users/:id/block" } })
    .input(userIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.blocks.block(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  unblock: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/users/:id/block" } })
    .input(userIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.blocks.unblock(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/blocked" } })
    .output(z.array(blockedUserOutput))
    .query(({ ctx }) => ctx.services.blocks.blocked(ctx.session.user.id)),
});
