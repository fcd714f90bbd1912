import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import { inputString, multilineInputString } from "./text";
import { stripMarkup } from "./rules";
import { MAX_GROUP_DESCRIPTION_LENGTH, MAX_GROUP_NAME_LENGTH, MAX_GROUP_RULES_LENGTH, MEMBER_ACTIVITY } from "./policy";

/**
 * PRODUCT "What is checked": required after trim ("Group name is required"); empty only after the markup is stripped:
 * "Group name contains invalid characters".
 */
export const groupNameField = inputString({ error: messages.groupNameRequired })
  .max(MAX_GROUP_NAME_LENGTH * 4, messages.groupNameTooLong)
  .transform((value, ctx) => {
    if (value.trim() === "") {
      ctx.addIssue({ code: "custom", message: messages.groupNameRequired });
      return z.NEVER;
    }
    // One line: the name goes into e-mail subjects and card titles.
    const cleaned = stripMarkup(value).replace(/\s+/g, " ");
    if (cleaned === "") {
      ctx.addIssue({ code: "custom", message: messages.groupNameInvalid });
      return z.NEVER;
    }
    if (cleaned.length > MAX_GROUP_NAME_LENGTH) {
      ctx.addIssue({ code: "custom", message: messages.groupNameTooLong });
      return z.NEVER;
    }
    return cleaned;
  });

export const createGroupInput = z.object({ name: groupNameField });

/**
 * PRODUCT "What is checked": a group's description is optional, one line, stripped of markup like a name,
 * and at most 500 characters once cleaned; empty (or null) clears it.
 */
export const groupDescriptionField = inputString()
  .max(MAX_GROUP_DESCRIPTION_LENGTH * 4, messages.groupDescriptionTooLong)
  .nullable()
  .transform((value, ctx) => {
    if (value === null) return null;
    const cleaned = stripMarkup(value).replace(/\s+/g, " ").trim();
    if (cleaned.length > MAX_GROUP_DESCRIPTION_LENGTH) {
      ctx.addIssue({ code: "custom", message: messages.groupDescriptionTooLong });
      return z.NEVER;
    }
    return cleaned === "" ? null : cleaned;
  });
export type CreateGroupInput = z.input<typeof createGroupInput>;

/**
 * PRODUCT "Group rules": optional, stripped of markup, line breaks kept (at most two in a row), at most
 * 2,000 characters once cleaned; empty (or null) clears them.
 */
export const groupRulesField = multilineInputString()
  .max(MAX_GROUP_RULES_LENGTH * 4, messages.groupRulesTooLong)
  .nullable()
  .transform((value, ctx) => {
    if (value === null) return null;
    const cleaned = stripMarkup(value)
      .replace(/[^\S\n]+/g, " ")
      .replace(/ *\n */g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    if (cleaned.length > MAX_GROUP_RULES_LENGTH) {
      ctx.addIssue({ code: "custom", message: messages.groupRulesTooLong });
      return z.NEVER;
    }
    return cleaned === "" ? null : cleaned;
  });

/** A malformed id cannot name a group, so it reads as one that does not exist. */
export const groupIdField = z.uuid({ error: messages.groupNotFound });
const memberIdField = z.uuid({ error: messages.userNotMember });

export const groupIdInput = z.object({ groupId: groupIdField });
export const groupMemberInput = z.object({ groupId: groupIdField, userId: memberIdField });
/** PUT /api/groups/{id}: the owner sets what the group is about and its rules; a field left out stays as it is. */
export const updateGroupInput = z.object({
  groupId: groupIdField,
  description: groupDescriptionField.optional(),
  rules: groupRulesField.optional(),
});
export type UpdateGroupInput = z.input<typeof updateGroupInput>;

/** A group (PRODUCT "What is stored"), plus what the Groups page and the dashboard show on a card. */
export const groupOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** What the group is about, or null (PRODUCT "What is stored"). */
  description: z.string().nullable(),
  /** The current owner's id (the Owner badge compares it with the viewer). */
  createdBy: z.string(),
  createdAt: isoDateTime,
  memberCount: z.number().int(),
  /** When the caller joined (for the owner: when they created it). */
  joinedAt: isoDateTime,
  /** The group's rules (PRODUCT "Group rules"), or null. */
  rules: z.string().nullable(),
  /** True when the group has rules the caller has not accepted since their last change (never for the owner). */
  rulesToAccept: z.boolean(),
});
export type Group = z.input<typeof groupOutput>;

/** The members view lists id, name, email and generalArea. */
export const groupMemberOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when the member hid it from other members (issue 43 §3): the group's owner and they themself still get it. */
  email: z.string().nullable(),
  generalArea: z.string().nullable(),
  joinedAt: isoDateTime,
  /** How recently they were active (PRODUCT "Member activity"): for the group's owner only, else null. */
  activity: z.enum(MEMBER_ACTIVITY).nullable(),
  /**
   * Whole days since their last visit when that is at least 30 (issue 41 §5, "quiet for 5 weeks"): for the
   * group's owner only, else null; null too when the member is not quiet.
   */
  quietSinceDays: z.number().int().nonnegative().nullable(),
});
export type GroupMember = z.input<typeof groupMemberOutput>;

export const leaveGroupOutput = z.object({
  /** True when the owner was the last member and the group went with them. */
  groupDeleted: z.boolean(),
});
export type LeaveGroupResult = z.input<typeof leaveGroupOutput>;

/**
 * GET /api/groups/{id}/leave-preview (issue 43): what leaving would do to the caller's things in the group,
 * as the departure rule does it: claims given back open, open requests deleted, unused invitations cancelled,
 * repeating requests they help with let go, neighbours without the app passed to the owner, and their trips
 * there cancelled (in no other group of theirs) or taken out of this group (times they leave, soonest first).
 */
export const leavePreviewOutput = z.object({
  claimsReopened: z.number().int(),
  requestsWithdrawn: z.number().int(),
  invitationsCancelled: z.number().int(),
  seriesLetGo: z.number().int(),
  neighboursPassed: z.number().int(),
  tripsCancelled: z.array(isoDateTime),
  tripsTakenOut: z.array(isoDateTime),
});
export type LeavePreview = z.input<typeof leavePreviewOutput>;

/** A quiet member (PRODUCT "Quiet members": no visit in 30 days) on the owner's health card (issue 41 §4). */
export const quietMemberOutput = z.object({
  userId: z.string(),
  name: z.string(),
  /** Whole days since their last visit (or since they joined, when they never came back). */
  quietSinceDays: z.number().int(),
});

/** GET /api/groups/{id}/health (issue 41 §4), the owner's only: the group's last GROUP_HEALTH_DAYS days. */
export const groupHealthOutput = z.object({
  /** Requests posted in the window (a trip's items and a series' occurrences too). */
  requests: z.number().int(),
  /** Of those, how many are fulfilled. */
  fulfilled: z.number().int(),
  /** fulfilled / requests, 0 to 1 (2 decimals); null with no requests. */
  fulfilledShare: z.number().nullable(),
  /** Median minutes from posting to the first offer, over the requests of the window someone offered for; null when none. */
  medianMinutesToFirstOffer: z.number().nullable(),
  /** Requests of the window whose needed-by passed with nobody offering. */
  unoffered: z.number().int(),
  /** Distinct neighbours who hold or fulfilled a request of the window. */
  helpers: z.number().int(),
  /** Members who visited in the window. */
  activeMembers: z.number().int(),
  /** The quiet members (PRODUCT "Quiet members"), the longest quiet first. */
  quietMembers: z.array(quietMemberOutput),
  /** Requests posted in each of the last GROUP_HEALTH_SPARKLINE_WEEKS 7-day spans ending now, oldest first: the sparkline. */
  weeklyRequests: z.array(z.object({ weekStart: isoDateTime, requests: z.number().int() })),
  /** When these were counted. */
  generatedAt: isoDateTime,
});
export type GroupHealth = z.input<typeof groupHealthOutput>;
