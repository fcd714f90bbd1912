import { z } from "zod";
import { groupIdField } from "./groups";
import { messages } from "./messages";
import { emailField, exactInputString, inputString } from "./text";

export const createInviteInput = z.object({
  groupId: groupIdField,
  email: emailField(messages.inviteEmailRequired, messages.invalidEmailFormat),
});
export type CreateInviteInput = z.input<typeof createInviteInput>;

/** The token from an invitation link. Missing: "Invalid invitation link". */
export const inviteTokenInput = z.object({
  token: exactInputString({ error: messages.invalidInvitationLink })
    .trim()
    .min(1, messages.invalidInvitationLink)
    .max(200, messages.invalidOrExpiredInviteToken),
});

export const invitationIdInput = z.object({ id: z.uuid({ error: messages.invitationNotFound }) });

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
  expiresAt: z.date(),
  usedAt: z.date().nullable(),
  createdAt: z.date(),
  invitedBy: z.string(),
});
export type CreatedInvite = z.infer<typeof createdInviteOutput>;

/** A pending incoming invitation (without the token: only its hash is stored). */
export const incomingInvitationOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  expiresAt: z.date(),
  createdAt: z.date(),
});
export type IncomingInvitation = z.infer<typeof incomingInvitationOutput>;

/** An invitation one has sent, or one for a group one owns (then `inviterName` says who sent it; else null). */
export const outgoingInvitationOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  email: z.string(),
  expiresAt: z.date(),
  createdAt: z.date(),
  usedAt: z.date().nullable(),
  inviterName: z.string().nullable(),
});
export type OutgoingInvitation = z.infer<typeof outgoingInvitationOutput>;

/** How many invitations one has pending, and the most one may. */
export const invitationCountOutput = z.object({ current: z.number().int(), max: z.number().int() });
export type InvitationCount = z.infer<typeof invitationCountOutput>;

/** What an invitation link is for; `alreadyMember` when the caller is in that group already. */
export const inviteValidationOutput = z.object({
  group: z.object({ id: z.string(), name: z.string() }),
  alreadyMember: z.boolean(),
});
export type InviteValidation = z.infer<typeof inviteValidationOutput>;

export const resendInvitationOutput = z.object({ emailId: z.string() });
