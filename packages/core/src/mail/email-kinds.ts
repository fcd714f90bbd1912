/**
 * Every kind of e-mail the product sends, as the outbox and the send log record it (`email_type`).
 * `enqueueEmail` takes only these, so this list is the one place to read what can be sent.
 */
export const EMAIL_KINDS = [
  // Accounts (accounts/service.ts): essential, always sent.
  "verify_email",
  "reset_password",
  // To the feedback address (feedback/service.ts).
  "feedback",
  // An invitation to a group (invitations/invitation-notices.ts), unless the address's account turned them off.
  "invitation",
  // About one's membership (groups/departure-notices.ts), by the reader's invitation-kind settings.
  "removed_from_group",
  "group_handed_over",
  // A join request through a group link, to the owner, and the owner's answer, to the person
  // (group-links/notices.ts), as each one's `invitations` setting allows.
  "join_request",
  "join_request_answer",
  // To the owner, someone joined by a link that joins at once (group-links/notices.ts), kind `link_joins`.
  "link_join",
  // About one request (notifications/immediate.ts, claim-confirmation.ts), as the reader's preferences allow.
  "request_posted",
  "request_claimed",
  "request_unclaimed",
  "request_fulfilled",
  // A trip's item its tripper did not find (trips/not-there.ts, issue 43 §1): open again, or closed.
  "request_not_there",
  "request_not_there_closed",
  "request_thanked",
  "claim_confirmation",
  // To the helper of a repeating request's occurrence its requester skipped (series/skip-notice.ts).
  "occurrence_skipped",
  // The daily summary (notifications/digest.ts).
  "daily_digest",
  // The weekly summary (notifications/weekly-summary.ts, issue 41).
  "weekly_summary",
  // Before a needed-by time (reminders/service.ts).
  "reminder_helper",
  "reminder_requester",
  // To the group about a request still wanting a helper (nudges/service.ts, nudges/notices.ts).
  "still_needed",
  "given_back",
  // To the trip's groups, about a new trip (trips/notices.ts).
  "trip_announced",
  // To a member quiet for a month, what their groups did meanwhile (notifications/while-away.ts).
  "while_away",
  // An admin's action (moderation/admin-actions.ts): essential, always sent.
  "account_suspended",
  "account_reinstated",
  "group_removed",
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];
