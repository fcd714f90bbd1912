import {
  acceptInvitationInput,
  createdInviteOutput,
  createInviteInput,
  createInvitesInput,
  createInvitesOutput,
  groupOutput,
  incomingInvitationOutput,
  invitationCountOutput,
  invitationIdInput,
  joinByTokenInput,
  joinByTokenOutput,
  inviteTokenInput,
  inviteValidationOutput,
  outgoingInvitationOutput,
  resendInvitationInput,
  resendInvitationOutput,
} from "@hyn/validators";
import { z } from "zod";
import { withJoinTokenGuard } from "./group-links";
import { protectedProcedure, publicProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

export const invitationsRouter = router({
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/invites", successStatus: 201, body: true } })
    .input(createInviteInput)
    .output(createdInviteOutput)
    .mutation(async ({ ctx, input }) => {
      // Each one sends an e-mail to an address the caller chose: bounded per hour (issue 5's rule).
      await ctx.services.rateLimits.consume("invitationsPerUser", ctx.session.user.id);
      return ctx.services.invitations.create(ctx.session.user.id, input);
    }),

  /** Several addresses at once (the web's invite form); each answered on its own, each counted by the hourly limit. */
  createMany: protectedProcedure
    .meta({ rest: { method: "POST", path: "/invites/many", body: true } })
    .input(createInvitesInput)
    .output(createInvitesOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.invitations.createMany(ctx.session.user.id, input, () =>
        ctx.services.rateLimits.consume("invitationsPerUser", ctx.session.user.id),
      ),
    ),

  /** Public (PRODUCT "Who may do what"): anyone holding a link may see which group it is for; a member, that they are in it. */
  validate: publicProcedure
    .meta({ rest: { method: "GET", path: "/invites/validate/:token" }, secretInputs: ["token"] })
    .input(inviteTokenInput)
    .output(inviteValidationOutput)
    .query(({ ctx, input }) => ctx.services.invitations.validate(input.token, ctx.session?.user.id ?? null)),

  /** An e-mail invitation's link or a group link (issue 27): the group joined, or `{ pending: true }` (202) when the owner approves. */
  joinByToken: protectedProcedure
    .meta({
      rest: { method: "POST", path: "/invites/:token/join", pendingStatus: 202, body: true },
      secretInputs: ["token"],
    })
    .input(joinByTokenInput)
    .output(joinByTokenOutput)
    .mutation(({ ctx, input }) =>
      withJoinTokenGuard(ctx, () =>
        ctx.services.groupLinks.join(ctx.session.user.id, input.token, input.acceptRules === true),
      ),
    ),

  pending: protectedProcedure
    .meta({ rest: { method: "GET", path: "/invitations/pending" } })
    .output(z.array(incomingInvitationOutput))
    .query(({ ctx }) => ctx.services.invitations.pending(ctx.session.user.id)),

  outgoing: protectedProcedure
    .meta({ rest: { method: "GET", path: "/invitations/outgoing" } })
    .output(z.array(outgoingInvitationOutput))
    .query(({ ctx }) => ctx.services.invitations.outgoing(ctx.session.user.id)),

  count: protectedProcedure
    .meta({ rest: { method: "GET", path: "/invitations/count" } })
    .output(invitationCountOutput)
    .query(({ ctx }) => ctx.services.invitations.count(ctx.session.user.id)),

  cancel: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/invitations/:id" } })
    .input(invitationIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.invitations.cancel(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  accept: protectedProcedure
    .meta({ rest: { method: "POST", path: "/invitations/:id/accept", body: true } })
    .input(acceptInvitationInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.invitations.accept(ctx.session.user.id, input.id, input.acceptRules === true),
    ),

  decline: protectedProcedure
    .meta({ rest: { method: "POST", path: "/invitations/:id/decline" } })
    .input(invitationIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.invitations.decline(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  /** POST /api/send-invitation: re-sends the caller's own invitation, never an open relay. */
  resend: protectedProcedure
    .meta({ rest: { method: "POST", path: "/send-invitation", body: true }, secretInputs: ["inviteToken"] })
    .input(resendInvitationInput)
    .output(resendInvitationOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("invitationsPerUser", ctx.session.user.id);
      return ctx.services.invitations.resend(ctx.session.user.id, input);
    }),
});
