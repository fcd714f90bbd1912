import {
  createGroupInput,
  groupHealthOutput,
  groupIdInput,
  groupMemberInput,
  groupMemberOutput,
  groupOutput,
  leaveGroupOutput,
  leavePreviewOutput,
  noticeSheetOutput,
  pdfFileOutput,
  updateGroupInput,
} from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

export const groupsRouter = router({
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/groups", successStatus: 201, body: true } })
    .input(createGroupInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.create(ctx.session.user.id, input)),

  /** The owner only (PRODUCT "Who may do what"): what the group is about, and its rules. */
  update: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/groups/:id", body: true, renameParams: { id: "groupId" } } })
    .input(updateGroupInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.update(ctx.session.user.id, input)),

  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups" } })
    .output(z.array(groupOutput))
    .query(({ ctx }) => ctx.services.groups.list(ctx.session.user.id)),

  members: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/members", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(z.array(groupMemberOutput))
    .query(({ ctx, input }) => ctx.services.groups.members(ctx.session.user.id, input.groupId)),

  /** The owner only (issue 41 §4): the group's last 30 days, for the health card; 403 for anyone else. */
  health: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/health", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(groupHealthOutput)
    .query(({ ctx, input }) => ctx.services.groups.health(ctx.session.user.id, input.groupId)),

  /** A member (issue 43): what leaving would do to their claims, requests, trips and invitations there. */
  leavePreview: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/leave-preview", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(leavePreviewOutput)
    .query(({ ctx, input }) => ctx.services.groups.leavePreview(ctx.session.user.id, input.groupId)),

  /** Members only (issue 42 §2): the facts of the group's notice-board sheet, which the web prints. */
  sheet: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/sheet", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(noticeSheetOutput)
    .query(({ ctx, input }) => ctx.services.noticeSheet.facts(ctx.session.user.id, input.groupId)),

  /** The same sheet as a one-page PDF in the caller's language; REST sends it as application/pdf, a download. */
  sheetPdf: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/sheet.pdf", answer: "pdf", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(pdfFileOutput)
    .query(({ ctx, input }) =>
      ctx.services.noticeSheet.pdf(ctx.session.user.id, input.groupId, ctx.session.user.locale),
    ),

  leave: protectedProcedure
    .meta({ rest: { method: "POST", path: "/groups/:id/leave", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(leaveGroupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.leave(ctx.session.user.id, input.groupId)),

  removeMember: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/groups/:id/members/:userId", renameParams: { id: "groupId" } } })
    .input(groupMemberInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.groups.removeMember(ctx.session.user.id, input.groupId, input.userId);
      return { ok: true as const };
    }),

  transferOwnership: protectedProcedure
    .meta({ rest: { method: "POST", path: "/groups/:id/transfer", body: true, renameParams: { id: "groupId" } } })
    .input(groupMemberInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.groups.transferOwnership(ctx.session.user.id, input.groupId, input.userId),
    ),

  /** A member accepts the group's current rules (PRODUCT "Group rules"). */
  acceptRules: protectedProcedure
    .meta({ rest: { method: "POST", path: "/groups/:id/rules/accept", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.groups.acceptRules(ctx.session.user.id, input.groupId)),
});
