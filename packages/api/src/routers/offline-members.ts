import {
  addedOfflineMemberOutput,
  addOfflineMemberInput,
  groupIdInput,
  offlineMemberInput,
  offlineMemberOutput,
} from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

/** Neighbours without the app (issue 42 §1): a member adds them, speaks for them, and is their contact. */
export const offlineMembersRouter = router({
  add: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/groups/:id/offline-members",
        successStatus: 201,
        body: true,
        renameParams: { id: "groupId" },
      },
    })
    .input(addOfflineMemberInput)
    .output(addedOfflineMemberOutput)
    .mutation(({ ctx, input }) => ctx.services.offlineMembers.add(ctx.session.user.id, input)),

  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/offline-members", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(z.array(offlineMemberOutput))
    .query(({ ctx, input }) => ctx.services.offlineMembers.list(ctx.session.user.id, input.groupId)),

  remove: protectedProcedure
    .meta({
      rest: { method: "DELETE", path: "/groups/:id/offline-members/:offlineId", renameParams: { id: "groupId" } },
    })
    .input(offlineMemberInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.offlineMembers.remove(ctx.session.user.id, input);
      return { ok: true as const };
    }),
});
