/**
 * Every e-mail's words, one file per family; each renders through `renderEmail` (layout.ts), which
 * escapes every value. Which kind an e-mail is, as the outbox records it, is `EmailKind` (../email-kinds.ts).
 */
export { passwordResetEmail, verificationEmail } from "./account";
export { dailyDigestEmail } from "./digest";
export { weeklySummaryEmail, type WeeklyGroupWeek } from "./weekly-summary";
export { feedbackForwardEmail } from "./feedback";
export { invitationEmail } from "./invitation";
export { givenBackEmail, stillNeededEmail } from "./nudges";
export { groupHandedOverEmail, removedFromGroupEmail } from "./membership";
export { accountReinstatedEmail, accountSuspendedEmail, groupRemovedEmail, type AdminContact } from "./moderation";
export { joinRequestAnswerEmail, joinRequestEmail, linkJoinEmail } from "./group-links";
export { helperReminderEmail, requesterReminderEmail } from "./reminders";
export type { NotificationLinks, RequestSummary } from "./request-summary";
export {
  claimConfirmationEmail,
  occurrenceSkippedEmail,
  requestChangedEmail,
  requestPostedEmail,
  thanksEmail,
  type RequestChange,
  type RequestNotice,
} from "./requests";
export { tripAnnouncedEmail, type TripSummary } from "./trips";
export { whileAwayEmail, type GroupMonth } from "./while-away";
