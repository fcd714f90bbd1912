import { createCalendarService } from "./calendar/service";
import { createDataRightsService } from "./accounts/data-rights";
import { createAccountsService } from "./accounts/service";
import { usableSessionIds } from "./accounts/sessions";
import { createSignInThrottle } from "./accounts/sign-in-throttle";
import { createFeedbackService } from "./feedback/service";
import { createGroupsService } from "./groups/service";
import { createGroupLinksService } from "./group-links/service";
import { createInvitationsService } from "./invitations/service";
import { createLimitsService } from "./limits/service";
import { createMetricsService } from "./metrics/service";
import { createAdminActionsService } from "./moderation/admin-actions";
import { createReportsService } from "./moderation/reports";
import { createEventBus } from "./events/bus";
import { createLiveUpdates } from "./events/live";
import { createNotificationsService } from "./notifications/service";
import { createRemindersService } from "./reminders/service";
import { createNudgesService } from "./nudges/service";
import { createLaterReachService } from "./helper-rest/later-reach-service";
import { myMonth } from "./helper-rest/my-month";
import { createNotificationSettingsService } from "./preferences/settings";
import { createRequestsService } from "./requests/service";
import { createPushService } from "./push/subscriptions";
import { createRateLimitService } from "./rate-limits/service";
import type { CoreDeps } from "./shared/deps";
import { createUnsubscribeService } from "./unsubscribe/service";
import { createBlocksService } from "./blocks/service";
import { createTripsService } from "./trips/service";
import { createSeriesService } from "./series/service";
import { createOfflineMembersService } from "./offline-members/service";
import { createNoticeSheetService } from "./notice-sheet/service";

/** One place that builds every domain service from the same injected dependencies. */
export function createServices(deps: CoreDeps) {
  const accounts = createAccountsService(deps);
  const rateLimits = createRateLimitService(deps);
  const invitations = createInvitationsService(deps);
  return {
    deps,
    accounts,
    signInThrottle: createSignInThrottle(accounts, rateLimits),
    dataRights: createDataRightsService(deps),
    calendar: createCalendarService(deps, rateLimits),
    feedback: createFeedbackService(deps),
    groups: createGroupsService(deps),
    invitations,
    groupLinks: createGroupLinksService(deps, invitations),
    limits: createLimitsService(deps),
    metrics: createMetricsService(deps),
    rateLimits,
    requests: createRequestsService(deps),
    notifications: createNotificationsService(deps),
    reminders: createRemindersService(deps),
    nudges: createNudgesService(deps),
    laterReach: createLaterReachService(deps),
    // A helper's own month, to themselves only (issue 41 §2).
    helping: { myMonth: (userId: string) => myMonth(deps, userId) },
    notificationSettings: createNotificationSettingsService(deps),
    unsubscribe: createUnsubscribeService(deps),
    push: createPushService(deps),
    trips: createTripsService(deps),
    // Repeating requests (issue 28 §2, ADR 0023).
    series: createSeriesService(deps),
    // LISTENs only once a page subscribes, so processes that never stream (tests, CLI) hold no connection.
    live: createLiveUpdates(deps, createEventBus(deps), (ids) => usableSessionIds(deps.db, ids, deps.clock.now())),
    blocks: createBlocksService(deps),
    // Reports and the admin's actions (issue 29).
    reports: createReportsService(deps),
    adminActions: createAdminActionsService(deps),
    // Neighbours without the app (issue 42 §1).
    offlineMembers: createOfflineMembersService(deps),
    // A group's notice-board sheet, printed or as a PDF (issue 42 §2).
    noticeSheet: createNoticeSheetService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
