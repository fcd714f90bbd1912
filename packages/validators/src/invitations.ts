import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { groupIdField } from "./groups";
import { messages } from "./messages";
import { MAX_INVITE_ADDRESSES } from "./policy";
import { emailField, exactInputString, inputString } from "./text";

export const createInviteInput = z.object({
  groupId: groupIdField,
  email: emailField(messages.inviteEmailRequired, messages.invalidEmailFormat),
});
export type CreateInviteInput = z.input<typeof createInviteInput>;

/** Several addresses at once (the web's invite form): each is checked and answered on its own. */
export const createInvitesInput = z.object({
  groupId: groupIdField,
  emails: z
    .array(exactInputString().max(254 * 4), { error: messages.inviteEmailsRequired })
    .min(1, messages.inviteEmailsRequired)
    .max(MAX_INVITE_ADDRESSES, messages.tooManyInviteAddresses),
});
export type CreateInvitesInput = z.input<typeof createInvitesInput>;

/** One address's answer: sent, or refused with the message (by key) a single invitation would have got. */
export const inviteResultOutput = z.object({
  email: z.string(),
  sent: z.boolean(),
  /** When refused: the message by key, with its values (ADR 0020), for the client to say in its language. */
  refusal: z.object({ key: z.string(), values: z.record(z.string(), z.unknown()).optional() }).nullable(),
  /** Sent: the invitation's id. */
  id: z.string().nullable(),
});
export type InviteResult = z.input<typeof inviteResultOutput>;
export const createInvitesOutput = z.object({ results: z.array(inviteResultOutput) });

/** The token from an invitation link. Missing: "Invalid invitation link". */
export const inviteTokenInput = z.object({
  token: exactInputString({ error: messages.invalidInvitationLink })
    .trim()
    .min(1, messages.invalidInvitationLink)
    .max(200, messages.invalidOrExpiredInviteToken),
});

/** Joining by a link: `acceptRules` says the person accepted the group's rules (required when it has rules). */
export const joinByTokenInput = inviteTokenInput.extend({ acceptRules: z.boolean().optional() });

export const invitationIdInput = z.object({ id: z.uuid({ error: messages.invitationNotFound }) });
/** Accepting from the app's list: `acceptRules` as for a link (required when the group has rules). */
export const acceptInvitationInput = invitationIdInput.extend({ acceptRules: z.boolean().optional() });

/**
 * POST /api/send-invitation. The names and the address only help find the caller's own
 * invitation; the e-mail always uses what is stored, so the body cannot make it say anything else.
 */
export const resendInvitationInput = z.object({
  recipientEmail: exactInputString().max(254).optional(),
  inviterName: inputString().max(400).optional(),
  groupName: inputString().max(400).optional(),
  inviteToken: exactInputString().max(200).optional(),
});

/** An invitation, as its sender sees it at creation. The token is only ever known at this moment. */
export const createdInviteOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  email: z.string(),
  token: z.string(),
  expiresAt: isoDateTime,
  usedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  invitedBy: z.string(),
});
export type CreatedInvite = z.input<typeof createdInviteOutput>;

/** A pending incoming invitation (without the token: only its hash is stored). */
export const incomingInvitationOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  /** The group's rules, which accepting asks to accept first (PRODUCT "Group rules"), null when none. */
  groupRules: z.string().nullable(),
  inviterName: z.string(),
  email: z.string(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});
export type IncomingInvitation = z.input<typeof incomingInvitationOutput>;

/** An invitation one has sent, or one for a group one owns (then `inviterName` says who sent it; else null). */
export const outgoingInvitationOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  email: z.string(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  usedAt: isoDateTime.nullable(),
  inviterName: z.string().nullable(),
  /** "pending", or how it was used; a used one stays in the list for 7 days (PRODUCT "How things change"). */
  outcome: z.enum(["pending", "accepted", "declined"]),
  /** Accepted: the display name of who joined (null once that account is gone). */
  usedByName: z.string().nullable(),
});
export type OutgoingInvitation = z.input<typeof outgoingInvitationOutput>;

/** How many invitations one has pending, and the most one may. */
export const invitationCountOutput = z.object({ current: z.number().int(), max: z.number().int() });
export type InvitationCount = z.input<typeof invitationCountOutput>;

/** What an invitation link is for; `alreadyMember` when the caller is in that group already. */
export const inviteValidationOutput = z.object({
  group: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** The group's rules, which joining asks to accept (PRODUCT "Group rules"), null when none. */
    rules: z.string().nullable(),
  }),
  alreadyMember: z.boolean(),
  /**
   * The address the invitation was e-mailed to (null to a member reopening it): only that account may join
   * with it, so the page can say so before trying, and fill in Sign Up. Whoever holds the link read that mailbox.
   */
  invitedEmail: z.string().nullable(),
});
export type InviteValidation = z.input<typeof inviteValidationOutput>;

export const resendInvitationOutput = z.object({ emailId: z.string() });
