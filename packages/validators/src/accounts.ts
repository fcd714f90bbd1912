import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { LOCALES } from "./locales";
import { messages } from "./messages";
import { MAX_GENERAL_AREA_LENGTH, MAX_NAME_LENGTH, MAX_PHONE_LENGTH, MAX_USERS_PER_CALL } from "./policy";
import { EMAIL_FREQUENCIES, isValidPhone, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, stripMarkup } from "./rules";
import { emailField, exactInputString, inputString, optionalCleanText } from "./text";

const serverEmail = emailField(messages.invalidEmailFormat, messages.invalidEmailFormat);

export const newPasswordField = exactInputString({ error: messages.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);

const phoneField = inputString()
  .max(MAX_PHONE_LENGTH, messages.invalidPhoneFormat)
  .nullish()
  .transform((v, ctx) => {
    const cleaned = v == null ? "" : stripMarkup(v);
    if (cleaned === "") return null;
    if (!isValidPhone(cleaned)) {
      ctx.addIssue({ code: "custom", message: messages.invalidPhoneFormat });
      return z.NEVER;
    }
    return cleaned;
  });

/**
 * The phone given beside "Ask me first" on a form that asks for an item (issue 43 §5), for a person whose
 * profile has none: the profile's rule; saved to the profile with the post. Empty or absent: none given.
 */
export const askFirstPhoneInput = phoneField.optional().transform((v) => v ?? null);

/** A phone that must be given (a neighbour without the app, issue 42 §1): the profile's rule, and not empty. */
export const requiredPhoneField = phoneField.transform((v, ctx) => {
  if (v === null || v === undefined) {
    ctx.addIssue({ code: "custom", message: messages.phoneRequired });
    return z.NEVER;
  }
  return v;
});

const nameField = inputString({ error: messages.nameRequired })
  .max(400, messages.nameTooLong)
  .transform((v) => stripMarkup(v).slice(0, MAX_NAME_LENGTH));

export const signUpInput = z.object({
  email: serverEmail,
  password: newPasswordField,
  name: nameField.optional(),
  phone: phoneField.optional(),
  generalArea: optionalCleanText(MAX_GENERAL_AREA_LENGTH).optional(),
  /**
   * The e-mail invitation's token the person arrived with (issue 43): when it is pending and was sent to this
   * address, the invitation link has proven the address, so no confirmation e-mail is needed. Any other token
   * (a group link's, another address's, used, expired, unknown) changes nothing.
   */
  inviteToken: exactInputString({ error: messages.invalidOrExpiredInviteToken })
    .trim()
    .max(200, messages.invalidOrExpiredInviteToken)
    .optional(),
});
export type SignUpInput = z.input<typeof signUpInput>;

export const signInInput = z.object({
  email: serverEmail,
  password: exactInputString({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, messages.invalidCredentials),
});

export const emailOnlyInput = z.object({ email: serverEmail });

export const verifyEmailInput = z.object({
  token_hash: exactInputString({ error: messages.invalidOrExpiredInviteToken }).min(1).max(200),
});

/**
 * Signed-in password change: the current password, which only a session a reset link created moments
 * ago may leave out (PRODUCT "Changing the password"). An empty one counts as left out.
 */
export const updatePasswordInput = z.object({
  password: newPasswordField,
  currentPassword: exactInputString()
    .max(MAX_PASSWORD_LENGTH, messages.currentPasswordIncorrect)
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});

/** Reset by the e-mailed token: the token stands in for the session. */
export const completePasswordResetInput = z.object({
  token: exactInputString().min(1, messages.resetLinkInvalid).max(200, messages.resetLinkInvalid),
  password: exactInputString({ error: messages.passwordTooShortLong })
    .min(MIN_PASSWORD_LENGTH, messages.passwordTooShortLong)
    .max(MAX_PASSWORD_LENGTH),
});

export const checkResetTokenInput = z.object({ token: exactInputString().min(1).max(200) });

export const updateProfileInput = z.object({
  name: nameField.refine((v) => v.length > 0, messages.nameRequired),
  phone: phoneField,
  generalArea: optionalCleanText(MAX_GENERAL_AREA_LENGTH),
  /** "Hide my e-mail address from other members" (issue 43 §3); absent: unchanged. */
  emailHidden: z.boolean().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const emailPreferencesInput = z.object({
  frequency: z.enum(EMAIL_FREQUENCIES, { error: messages.emailFrequencyInvalid }),
});

/**
 * The answer to "How should we tell you when a neighbour needs something?" (PRODUCT "Asked once"): a profile
 * frequency, or null to skip (asked all the same, nothing changed).
 */
export const notificationsAnswerInput = z.object({
  frequency: z.enum(EMAIL_FREQUENCIES, { error: messages.emailFrequencyInvalid }).nullable(),
});

/** Deleting an account asks for the password again. */
export const deleteAccountInput = z.object({
  password: exactInputString({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH),
});

export const userIdInput = z.object({ id: z.uuid({ error: messages.userNotFound }) });
export const userIdsInput = z.object({
  userIds: z.array(z.uuid({ error: messages.userNotFound })).max(MAX_USERS_PER_CALL, messages.tooManyUsers),
});

/** What the API returns for a user (PRODUCT "What is stored"). Never a hash, never a token. */
export const userOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  generalArea: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The language the app and its e-mails use for this person. */
  locale: z.enum(LOCALES),
  emailVerified: z.boolean(),
  /** Whether the app has asked how to tell them of neighbours' requests (PRODUCT "Asked once"): answered or skipped. */
  notificationsAsked: z.boolean(),
  /** Whether their address is hidden from the other members of their groups (issue 43 §3); owners still see it. */
  emailHidden: z.boolean(),
  createdAt: isoDateTime,
});
export type User = z.input<typeof userOutput>;

/**
 * A user as other people see them: name and area, no contact details beyond e-mail in shared groups; the
 * e-mail is null when they hid it (issue 43 §3), unless the viewer is themself or owns one of their groups.
 */
export const publicUserOutput = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  generalArea: z.string().nullable(),
});
export type PublicUser = z.input<typeof publicUserOutput>;

export const sessionOutput = z.object({ token: z.string(), expiresAt: isoDateTime });
export const authResultOutput = z.object({ user: userOutput, session: sessionOutput.nullable() });
export type AuthResult = z.input<typeof authResultOutput>;

export const emailPreferencesOutput = z.object({
  userId: z.string(),
  frequency: z.enum(EMAIL_FREQUENCIES),
  lastDailySent: isoDateTime.nullable(),
  /** When the last weekly summary went out (issue 41). */
  lastWeeklySent: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type EmailPreferences = z.input<typeof emailPreferencesOutput>;

/** PUT /api/user/locale: the language the person picked (issue 19). */
export const updateLocaleInput = z.object({ locale: z.enum(LOCALES, { error: messages.localeInvalid }) });
export type LocaleUpdate = z.infer<typeof updateLocaleInput>;
