import { z } from "zod";
import { messages } from "./messages";
import { NOTIFICATION_KINDS } from "./notification-kinds";
import { exactInputString } from "./text";

/** The token of an unsubscribe link (`/unsubscribe/<token>`); anything unlike one is simply not valid. */
export const unsubscribeTokenInput = z.object({
  token: exactInputString({ error: messages.unsubscribeLinkInvalid })
    .min(1, messages.unsubscribeLinkInvalid)
    .max(200, messages.unsubscribeLinkInvalid),
});

/**
 * What a valid link is about, and where its person stands:
 * - `receiving`: the e-mails it names still come; `stopped`: they no longer do;
 * - `notMember`: a group link of a group the person has left (nothing to stop);
 * - `accountGone`: the account was deleted, so the link does nothing (ADR 0015).
 */
export const unsubscribeStateSchema = z.enum(["receiving", "stopped", "notMember", "accountGone"]);
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

export const unsubscribeDescriptionOutput = z.object({
  scope: z.discriminatedUnion("type", [
    z.object({ type: z.literal("kind"), kind: z.enum(NOTIFICATION_KINDS) }),
    /** The name only while the person is a member. */
    z.object({ type: z.literal("group"), groupId: z.string(), groupName: z.string().nullable() }),
  ]),
  state: unsubscribeStateSchema,
  /** Every notification e-mail is off (every kind's e-mail, profile frequency Never). */
  allStopped: z.boolean(),
});
export type UnsubscribeDescription = z.input<typeof unsubscribeDescriptionOutput>;
