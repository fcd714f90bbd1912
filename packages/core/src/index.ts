export * from "./shared/errors";
export * from "./shared/clock";
export * from "./shared/config";
export * from "./shared/deps";
export * from "./shared/jobs";
export * from "./shared/logger";
export * from "./shared/loggable-error";
export * from "./shared/tokens";
export * from "./shared/app-secrets";
export * from "./mail/message";
export * from "./mail/html";
export * from "./preferences/notification-preferences";
// Non-essential e-mails (RFC 8058, ADR 0015): renderEmail's `unsubscribe` option takes `links.for(userId, scope)`.
export { renderEmail, type EmailContent, type UnsubscribeLink } from "./mail/layout";
export {
  unsubscribeLinks,
  unsubscribeKey,
  unsubscribePath,
  MANAGE_NOTIFICATIONS_PATH,
  type UnsubscribeLinks,
} from "./unsubscribe/links";
export {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
  type UnsubscribeScope,
  type UnsubscribeClaim,
} from "./unsubscribe/token";
// Web Push (issue 16): the server's job handler, env defaults and tests use these.
export { DEFAULT_PUSH_SERVICE_HOSTS, defaultPushConfig, type PushConfig, type VapidKeys } from "./shared/push-config";
export {
  deliverPush,
  deliverPushes,
  PUSH_BATCH_SIZE,
  PUSH_SENDS_PER_SERVICE,
  PushRetryableError,
  type PushDeliveryDeps,
  type PushOutcome,
} from "./push/delivery";
export { PUSH_DELIVERY_QUEUE, queuePush, type PushJob } from "./push/queue";
export { PUSH_DELIVERY, type PushPayload } from "./push/payload";
export { loadVapidKeys } from "./push/vapid";
export type { Resolver } from "./push/endpoint";
export * from "./mail/outbox";
export { listenOn } from "./events/bus";
export { runCleanUps, type CleanUpOptions } from "./retention/clean-up";
export { RETENTION_MS, type RetentionKind } from "./retention/periods";
export { EMAIL_KINDS, type EmailKind } from "./mail/email-kinds";
// The outbox benchmark queues e-mails of a real one's size.
export { verificationEmail } from "./mail/templates";
export * from "./mail/transports";
export * from "./accounts/sessions";
export * from "./accounts/passwords";
export * from "./accounts/user-view";
export * from "./services";
export type { CalendarFile } from "./calendar/service";
export * from "./rate-limits/service";
export type { RateLimitStore } from "./shared/rate-limit-store";
// Limits: the requests service locks and counts through these inside its own transactions.
export { lockUserLimits, countUsage, readUsage } from "./limits/usage";
export { isMember } from "./groups/membership";
// The daily and weekly summaries' schedules, for the server's scheduler (issue 4, ADR 0003; issue 41).
export { latestDigestSlot, latestWeeklySlot, type DigestSchedule, type WeeklySchedule } from "./notifications/schedule";
export type { DigestRunOptions, DigestRunResult } from "./notifications/digest";
export type { WhileAwayRunOptions, WhileAwayRunResult } from "./notifications/while-away";
export {
  QUIET_AFTER_DAYS,
  QUIET_NOTICE_EVERY_DAYS,
  quietSinceDays,
  quietSinceDaysSql,
  isQuietSql,
} from "./quiet-members/rule";
// The answer cache's reads (ADR 0009); the cache itself lives in the server.
export {
  readDashboardFreshness,
  readFreshness,
  readGroupFreshness,
  type Freshness,
  type FreshnessCheck,
  type GroupFreshness,
} from "./answer-cache/freshness";
export { pruneChangeLog, readTransactionHorizon } from "./answer-cache/change-log-pruning";
export { CACHED_ANSWER_READS } from "./requests/cached-answer-reads";
// The reminders' job queue, for the server's job engine (issue 15).
export { REQUEST_REMINDER_JOB, reminderJobKey, type RequestReminderJob } from "./reminders/schedule";
// The repeating requests' job queue (issue 28 §2).
export { SERIES_NEXT_JOB, type SeriesNextJob } from "./series/schedule";
// Weekly trips' next announcements (issue 28).
export { NEXT_TRIP_JOB, type NextTripJob } from "./trips/series";
// The "Still needed" nudges' job queue (issue 26).
export { STILL_NEEDED_JOB, stillNeededJobKey, type StillNeededJob } from "./nudges/schedule";
// The resting helpers' late posting notices' job queue (issue 41 §2).
export { LATER_REACH_JOB, laterReachJobKey, type LaterReachJob } from "./helper-rest/later-reach-schedule";
