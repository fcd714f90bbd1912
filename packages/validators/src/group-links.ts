import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { groupIdField, groupOutput } from "./groups";
import { messages } from "./messages";
import { DEFAULT_GROUP_LINK_VALIDITY_DAYS, GROUP_LINK_VALIDITY_DAYS } from "./policy";

/** POST /groups/{id}/links (issue 27): 1, 7 or 30 days (7 when absent); `approval` asks the owner for each person. */
export const createGroupLinkInput = z.object({
  groupId: groupIdField,
  expiresInDays: z
    .number({ error: messages.groupLinkExpiryInvalid })
    .refine((days) => (GROUP_LINK_VALIDITY_DAYS as readonly number[]).includes(days), messages.groupLinkExpiryInvalid)
    .default(DEFAULT_GROUP_LINK_VALIDITY_DAYS),
  approval: z.boolean().default(false),
});
export type CreateGroupLinkInput = z.input<typeof createGroupLinkInput>;

export const groupLinkIdInput = z.object({
  groupId: groupIdField,
  linkId: z.uuid({ error: messages.groupLinkNotFound }),
});

export const joinRequestIdInput = z.object({
  groupId: groupIdField,
  joinRequestId: z.uuid({ error: messages.joinRequestNotFound }),
});

/** A live link, as its group's owner sees it (the token can be shown again: ADR 0021). */
export const groupLinkOutput = z.object({
  id: z.string(),
  url: z.string(),
  token: z.string(),
  expiresAt: isoDateTime,
  approval: z.boolean(),
});
export type GroupLink = z.input<typeof groupLinkOutput>;

/** Someone who asked to join through an approval link. */
export const joinRequestOutput = z.object({
  id: z.string(),
  groupId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: isoDateTime,
});
export type JoinRequest = z.input<typeof joinRequestOutput>;

/** One of the caller's own requests to join that still waits (issue 43): the group and whom they wait for. */
export const waitingJoinRequestOutput = z.object({
  groupId: z.string(),
  groupName: z.string(),
  /** The group's owner, who lets them in: "Waiting for Ana to let you in". */
  ownerName: z.string(),
  askedAt: isoDateTime,
});
export type WaitingJoinRequest = z.input<typeof waitingJoinRequestOutput>;

/** POST /groups/{id}/links/revoke-joining-at-once (issue 43): how many links stopped working. */
export const revokedLinksOutput = z.object({ revoked: z.number().int() });

/** POST /invites/{token}/join: the group joined, or (an approval link) `{ pending: true }`, 202 over REST. */
export const joinByTokenOutput = z.union([groupOutput, z.object({ pending: z.literal(true) })]);
export type JoinByToken = z.input<typeof joinByTokenOutput>;

/**
 * What the join page shows for a token, an e-mail invitation's or a group link's: the group, who invited,
 * how many are in it; `approval` when joining asks the owner; `requested` when the viewer already asked.
 */
export const joinPageOutput = z.object({
  group: z.object({
    id: z.string(),
    name: z.string(),
    memberCount: z.number().int(),
    /** The owner's description of the group (issue 27 §3), null when none. */
    description: z.string().nullable(),
    /** The group's rules, which joining asks to accept (PRODUCT "Group rules"), null when none. */
    rules: z.string().nullable(),
  }),
  inviterName: z.string(),
  /** An e-mail invitation's address, which alone may join with it (null for a group link, or a member's view). */
  invitedEmail: z.string().nullable(),
  alreadyMember: z.boolean(),
  approval: z.boolean(),
  requested: z.boolean(),
});
export type JoinPage = z.input<typeof joinPageOutput>;

/** The states a join token's preview can name (issue 43): usable, usable by asking the owner, or not. */
export const JOIN_PREVIEW_STATES = ["valid", "approval", "revoked", "expired", "used", "paused"] as const;
export type JoinPreviewState = (typeof JOIN_PREVIEW_STATES)[number];

/**
 * GET /invites/{token}/preview (issue 43), public: what a signed-out visitor holding a link may learn, and
 * nothing more. Whether it is an e-mail invitation or a group link, and its state; while it can still be
 * used ("valid", "approval"), the group's name and who invited, and for an e-mail invitation its address
 * (whoever holds the e-mailed link read it in that mailbox). A dead link names nothing (all null).
 */
export const joinPreviewOutput = z.object({
  kind: z.enum(["invitation", "link"]),
  state: z.enum(JOIN_PREVIEW_STATES),
  groupName: z.string().nullable(),
  /** The inviter's name; for an e-mail invitation their address when they have no name; null when not shown. */
  inviterName: z.string().nullable(),
  invitedEmail: z.string().nullable(),
});
export type JoinPreview = z.input<typeof joinPreviewOutput>;
