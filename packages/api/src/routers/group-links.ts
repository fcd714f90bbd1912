import { isAppError } from "@hyn/core";
import {
  createGroupLinkInput,
  groupIdInput,
  groupLinkIdInput,
  groupLinkOutput,
  inviteTokenInput,
  joinPageOutput,
  joinPreviewOutput,
  joinRequestIdInput,
  joinRequestOutput,
  revokedLinksOutput,
  waitingJoinRequestOutput,
} from "@hyn/validators";
import { z } from "zod";
import type { Context } from "../context";
import { protectedProcedure, publicProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

/**
 * A join token is checked like the other tokens people could guess (ADR 0012): tokens that name nothing
 * (no invitation, no live link) count per IP, and a full window refuses. Good tokens never count.
 */
export async function withJoinTokenGuard<T>(ctx: Context, use: () => Promise<T>): Promise<T> {
  await ctx.services.rateLimits.assertNotFull("tokenChecksPerIp", ctx.ip);
  try {
    return await use();
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND")
      await ctx.services.rateLimits.record("tokenChecksPerIp", ctx.ip);
    throw error;
  }
}

/** The group link (issue 27, ADR 0021): owner only, except the join page's facts, which anyone holding the link may read. */
export const groupLinksRouter = router({
  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/groups/:id/links",
        successStatus: 201,
        body: true,
        renameParams: { id: "groupId" },
      },
    })
    .input(createGroupLinkInput)
    .output(groupLinkOutput)
    .mutation(({ ctx, input }) => ctx.services.groupLinks.create(ctx.session.user.id, input)),

  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/links", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(z.array(groupLinkOutput))
    .query(({ ctx, input }) => ctx.services.groupLinks.list(ctx.session.user.id, input.groupId)),

  revoke: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/groups/:id/links/:linkId", renameParams: { id: "groupId" } } })
    .input(groupLinkIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.groupLinks.revoke(ctx.session.user.id, input.groupId, input.linkId);
      return { ok: true as const };
    }),

  /** Owner only (issue 43): every live link that joins at once stops working (turning approval on). */
  revokeJoiningAtOnce: protectedProcedure
    .meta({
      rest: { method: "POST", path: "/groups/:id/links/revoke-joining-at-once", renameParams: { id: "groupId" } },
    })
    .input(groupIdInput)
    .output(revokedLinksOutput)
    .mutation(async ({ ctx, input }) => ({
      revoked: await ctx.services.groupLinks.revokeJoiningAtOnce(ctx.session.user.id, input.groupId),
    })),

  /** The caller's own requests to join that still wait (issue 43): whom they wait for, on the dashboard and Groups page. */
  waiting: protectedProcedure
    .meta({ rest: { method: "GET", path: "/join-requests/mine" } })
    .output(z.array(waitingJoinRequestOutput))
    .query(({ ctx }) => ctx.services.groupLinks.waiting(ctx.session.user.id)),

  /** The caller takes back their own request to join a group (issue 43). */
  withdraw: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/groups/:id/join-requests/mine", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.groupLinks.withdraw(ctx.session.user.id, input.groupId);
      return { ok: true as const };
    }),

  /** Public: what the join page shows for a token (an invitation's or a link's): group, inviter, member count. */
  joinPage: publicProcedure
    .meta({ rest: { method: "GET", path: "/invites/:token" }, secretInputs: ["token"] })
    .input(inviteTokenInput)
    .output(joinPageOutput)
    .query(({ ctx, input }) =>
      withJoinTokenGuard(ctx, () => ctx.services.groupLinks.joinPage(input.token, ctx.session?.user.id ?? null)),
    ),

  /**
   * Public (issue 43): what a signed-out visitor holding a token may learn before logging in or signing up, the
   * same for everyone (the session is not read): its kind and state, and while usable the group's name, who
   * invited and an invitation's address. A token naming nothing counts as a guess (`withJoinTokenGuard`).
   */
  preview: publicProcedure
    .meta({ rest: { method: "GET", path: "/invites/:token/preview" }, secretInputs: ["token"] })
    .input(inviteTokenInput)
    .output(joinPreviewOutput)
    .query(({ ctx, input }) => withJoinTokenGuard(ctx, () => ctx.services.groupLinks.preview(input.token))),

  joinRequests: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/join-requests", renameParams: { id: "groupId" } } })
    .input(groupIdInput)
    .output(z.array(joinRequestOutput))
    .query(({ ctx, input }) => ctx.services.groupLinks.joinRequests(ctx.session.user.id, input.groupId)),

  /** Who asked to join any of the caller's groups (the Groups page reads them with its first batch). */
  incomingJoinRequests: protectedProcedure
    .meta({ rest: { method: "GET", path: "/join-requests" } })
    .output(z.array(joinRequestOutput))
    .query(({ ctx }) => ctx.services.groupLinks.incomingJoinRequests(ctx.session.user.id)),

  approve: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/groups/:id/join-requests/:joinRequestId/approve",
        renameParams: { id: "groupId" },
      },
    })
    .input(joinRequestIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.groupLinks.approve(ctx.session.user.id, input.groupId, input.joinRequestId);
      return { ok: true as const };
    }),

  decline: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/groups/:id/join-requests/:joinRequestId/decline",
        renameParams: { id: "groupId" },
      },
    })
    .input(joinRequestIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.groupLinks.decline(ctx.session.user.id, input.groupId, input.joinRequestId);
      return { ok: true as const };
    }),
});
