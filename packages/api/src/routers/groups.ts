import { createGroupInput, groupIdInput, groupMemberInput, groupMemberOutput, groupOutput, leaveGroupOutput } from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

export const groupsRouter = router({
  create: protectedProcedure
    .input(createGroupInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.create(ctx.session.user.id, input)),

  list: protectedProcedure.output(z.array(groupOutput)).query(({ ctx }) => ctx.services.groups.list(ctx.session.user.id)),

  members: protectedProcedure
    .input(groupIdInput)
    .output(z.array(groupMemberOutput))
    .query(({ ctx, input }) => ctx.services.groups.members(ctx.session.user.id, input.groupId)),

  leave: protectedProcedure
    .input(groupIdInput)
    .output(leaveGroupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.leave(ctx.session.user.id, input.groupId)),

  removeMember: protectedProcedure
    .input(groupMemberInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.groups.removeMember(ctx.session.user.id, input.groupId, input.userId);
      return { ok: true as const };
    }),

  transferOwnership: protectedProcedure
    .input(groupMemberInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.transferOwnership(ctx.session.user.id, input.groupId, input.userId)),
});
