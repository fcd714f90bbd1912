import {
  calendarFeedOutput,
  deleteAccountInput,
  emailPreferencesInput,
  emailPreferencesOutput,
  groupNotificationsOutput,
  notificationsAnswerInput,
  notificationKindOutput,
  notificationPreferencesOutput,
  updateGroupNotificationsInput,
  updateNotificationKindInput,
  updateAlwaysAtOnceInput,
  alwaysAtOnceOutput,
  myMonthOutput,
  publicUserOutput,
  updateProfileInput,
  updateLocaleInput,
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

  current: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/current" } })
    .output(userOutput)
    .query(({ ctx }) => ctx.services.accounts.currentUser(ctx.session.user.id)),

  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/:id" } })
    .input(userIdInput)
    .output(publicUserOutput)
    .query(({ ctx, input }) => ctx.services.accounts.visibleUser(ctx.session.user.id, input.id)),

  batch: protectedProcedure
    .meta({ rest: { method: "POST", path: "/users/batch", body: true } })
    .input(userIdsInput)
    .output(z.array(publicUserOutput))
    .query(({ ctx, input }) => ctx.services.accounts.visibleUsers(ctx.session.user.id, input.userIds)),

  updateProfile: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/profile", body: true } })
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => ctx.services.accounts.updateProfile(ctx.session.user.id, input)),

  /** Issue 19: the language the person picked, kept on the account (the app and their e-mails use it). */
  updateLocale: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/locale", body: true } })
    .input(updateLocaleInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => ctx.services.accounts.updateLocale(ctx.session.user.id, input.locale)),

  emailPreferences: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/email-preferences" } })
    .output(emailPreferencesOutput)
    .query(({ ctx }) => ctx.services.notificationSettings.emailPreferences(ctx.session.user.id)),

  updateEmailPreferences: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/email-preferences", body: true } })
    .input(emailPreferencesInput)
    .output(emailPreferencesOutput)
    .mutation(({ ctx, input }) => ctx.services.notificationSettings.updateEmailPreferences(ctx.session.user.id, input)),

  /** Issue 26: the answer to the question asked once (PRODUCT "Asked once"); null skips it. */
  answerNotificationsQuestion: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/notifications-question", body: true } })
    .input(notificationsAnswerInput)
    .output(userOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.accounts.answerNotificationsQuestion(ctx.session.user.id, input.frequency),
    ),

  /** Issue 15: the profile's frequency, each kind's channels, and each of the caller's groups. */
  notificationPreferences: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/notification-preferences" } })
    .output(notificationPreferencesOutput)
    .query(({ ctx }) => ctx.services.notificationSettings.read(ctx.session.user.id)),

  updateNotificationKind: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/notification-preferences/kinds/:kind", body: true } })
    .input(updateNotificationKindInput)
    .output(notificationKindOutput)
    .mutation(({ ctx, input: { kind, ...channels } }) =>
      ctx.services.notificationSettings.updateKind(ctx.session.user.id, kind, channels),
    ),

  updateGroupNotifications: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/notification-preferences/groups/:groupId", body: true } })
    .input(updateGroupNotificationsInput)
    .output(groupNotificationsOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.notificationSettings.updateGroup(ctx.session.user.id, input.groupId, input.frequency),
    ),
  /** Issue 41 §2: "Always tell me at once": true turns resting off, false back on. */
  updateAlwaysAtOnce: protectedProcedure
    .meta({ rest: { method: "PUT", path: "/user/notification-preferences/at-once", body: true } })
    .input(updateAlwaysAtOnceInput)
    .output(alwaysAtOnceOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.notificationSettings.updateAlwaysAtOnce(ctx.session.user.id, input.alwaysAtOnce),
    ),

  /** Issue 41 §2: the caller's own month as a helper ("You helped 4 neighbours this month"); never anyone else's. */
  myMonth: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/month" } })
    .output(myMonthOutput)
    .query(({ ctx }) => ctx.services.helping.myMonth(ctx.session.user.id)),

  /** The caller's personal calendar feed address (issue 15), made on the first ask. */
  calendarFeed: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/calendar-feed" } })
    .output(calendarFeedOutput)
    .query(({ ctx }) => ctx.services.calendar.feedLink(ctx.session.user.id)),

  /** A new feed address; the old one is "Not found" from now on. */
  regenerateCalendarFeed: protectedProcedure
    .meta({ rest: { method: "POST", path: "/user/calendar-feed/regenerate" } })
    .output(calendarFeedOutput)
    .mutation(({ ctx }) => ctx.services.calendar.regenerateFeedLink(ctx.session.user.id)),

  /** Everything the product holds about the caller (issue 5: data export). */
  exportData: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/export" } })
    .query(({ ctx }) => ctx.services.dataRights.exportData(ctx.session.user.id)),

  deleteAccount: protectedProcedure
    .meta({ rest: { method: "POST", path: "/user/delete-account", body: true }, secretInputs: ["password"] })
    .input(deleteAccountInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("accountDeletionPerUser", ctx.session.user.id);
      await ctx.services.dataRights.deleteAccount(ctx.session.user.id, input.password);
      ctx.sessionCookie.clear();
      return { ok: true as const };
    }),
});
