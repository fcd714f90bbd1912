import { z } from "zod";
import { requiredPhoneField } from "./accounts";
import { groupIdField } from "./groups";
import { messages } from "./messages";
import { MAX_GENERAL_AREA_LENGTH, MAX_HOW_TO_REACH_LENGTH, MAX_NAME_LENGTH } from "./policy";
import { stripMarkup } from "./rules";
import { inputString, optionalCleanText } from "./text";
import { isoDateTime } from "./wire-time";

/** A malformed id cannot name one, so it reads as a neighbour who is not in the group. */
export const offlineMemberIdField = z.uuid({ error: messages.offlineNeighbourNotFound });

/** Their name as the group calls them ("Mrs. Okafor"): one line, markup stripped, not empty. */
const offlineNameField = inputString({ error: messages.nameRequired })
  .max(MAX_NAME_LENGTH * 4, messages.nameTooLong)
  .transform((value, ctx) => {
    const cleaned = stripMarkup(value).slice(0, MAX_NAME_LENGTH);
    if (cleaned === "") {
      ctx.addIssue({ code: "custom", message: messages.nameRequired });
      return z.NEVER;
    }
    return cleaned;
  });

/** POST /api/groups/{id}/offline-members (issue 42 §1): phone required, a landline is fine. */
export const addOfflineMemberInput = z.object({
  groupId: groupIdField,
  name: offlineNameField,
  phone: requiredPhoneField,
  generalArea: optionalCleanText(MAX_GENERAL_AREA_LENGTH)
    .optional()
    .transform((v) => v ?? null),
  howToReach: optionalCleanText(MAX_HOW_TO_REACH_LENGTH)
    .optional()
    .transform((v) => v ?? null),
});
export type AddOfflineMemberInput = z.input<typeof addOfflineMemberInput>;

/** DELETE /api/groups/{id}/offline-members/{offlineId}. */
export const offlineMemberInput = z.object({ groupId: groupIdField, offlineId: offlineMemberIdField });

export const addedOfflineMemberOutput = z.object({ id: z.string() });

/**
 * A neighbour without the app as the group's members see them: the mark "no app, reached by phone through
 * Ana" names their contact. Their phone and how to reach them are for their contact and the owner alone
 * (null for the others); a helper sees them on the request they claimed (the claim's contact).
 */
export const offlineMemberOutput = z.object({
  id: z.string(),
  name: z.string(),
  generalArea: z.string().nullable(),
  contact: z.object({ id: z.string(), name: z.string() }),
  phone: z.string().nullable(),
  howToReach: z.string().nullable(),
  createdAt: isoDateTime,
});
export type OfflineMember = z.input<typeof offlineMemberOutput>;
