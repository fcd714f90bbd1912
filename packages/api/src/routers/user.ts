import {
  calendarFeedOutput,
  deleteAccountInput,
  emailPreferencesInput,
  emailPreferencesOutput,
  groupNotificationsOutput,
  notificationKindOutput,
  notificationPreferencesOutput,
  updateGroupNotificationsInput,
  updateNotificationKindInput,
  publicUserOutput,
  updateProfileInput,
  userIdInput,
  userIdsInput,
  userOutput,
} from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, publicProcedure, router } from "../trpc";

export const userRouter = router({
  /** The signed-in user, or null: the web app asks this at start to know who is there. */
  me: publicProcedure.output(userOutput.nullable()).query(({ ctx }) => {
    if (!ctx.session) return null;
    return ctx.services.accounts.currentUser(ctx.session.user.id);
  }),

  current: protectedProcedure.output(userOutput).query(({ ctx }) => ctx.services.accounts.currentUser(ctx.session.user.id)),

  byId: protectedProcedure
    .input(userIdInput)
    .output(publicUserOutput)
    .query(({ ctx, input }) => ctx.services.accounts.visibleUser(ctx.session.user.id, input.id)),

  batch: protectedProcedure
    .input(userIdsInput)
    .output(z.array(publicUserOutput))
    .query(({ ctx, input }) => ctx.services.accounts.visibleUsers(ctx.session.user.id, input.userIds)),

  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => ctx.services.accounts.updateProfile(ctx.session.user.id, input)),

  emailPreferences: protectedProcedure
    .output(emailPreferencesOutput)
    .query(({ ctx }) => ctx.services.accounts.emailPreferences(ctx.session.user.id)),

  updateEmailPreferences: protectedProcedure
    .input(emailPreferencesInput)
    .output(emailPreferencesOutput)
    .mutation(({ ctx, input }) => ctx.services.accounts.updateEmailPreferences(ctx.session.user.id, input)),

  /** Issue 15: the profile's frequency, each kind's channels, and each of the caller's groups. */
  notificationPreferences: protectedProcedure
    .output(notificationPreferencesOutput)
    .query(({ ctx }) => ctx.services.notificationSettings.read(ctx.session.user.id)),

  updateNotificationKind: protectedProcedure
    .input(updateNotificationKindInput)
    .output(notificationKindOutput)
    .mutation(({ ctx, input: { kind, ...channels } }) => ctx.services.notificationSettings.updateKind(ctx.session.user.id, kind, channels)),

  updateGroupNotifications: protectedProcedure
    .input(updateGroupNotificationsInput)
    .output(groupNotificationsOutput)
    .mutation(({ ctx, input }) => ctx.services.notificationSettings.updateGroup(ctx.session.user.id, input.groupId, input.frequency)),
  /** The caller's personal calendar feed address (issue 15), made on the first ask. */
  calendarFeed: protectedProcedure.output(calendarFeedOutput).query(({ ctx }) => ctx.services.calendar.feedLink(ctx.session.user.id)),

  /** A new feed address; the old one is "Not found" from now on. */
  regenerateCalendarFeed: protectedProcedure
    .output(calendarFeedOutput)
    .mutation(({ ctx }) => ctx.services.calendar.regenerateFeedLink(ctx.session.user.id)),

  /** Everything the product holds about the caller (issue 5: data export). */
  exportData: protectedProcedure.query(({ ctx }) => ctx.services.dataRights.exportData(ctx.session.user.id)),

  deleteAccount: protectedProcedure
    .input(deleteAccountInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("accountDeletionPerUser", ctx.session.user.id);
      await ctx.services.dataRights.deleteAccount(ctx.session.user.id, input.password);
      ctx.sessionCookie.clear();
      return { ok: true as const };
    }),
});
