import { z } from "zod";
import { messages } from "./messages";
import { FEEDBACK_SUBJECTS } from "./rules";
import { emailField, multilineInputString, optionalCleanText } from "./text";

export const feedbackInput = z.object({
  name: optionalCleanText(100).optional(),
  email: emailField(messages.enterYourEmail, messages.enterValidEmail),
  subject: z
    .union([z.enum(FEEDBACK_SUBJECTS, { error: messages.feedbackSubjectInvalid }), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  message: multilineInputString({ error: messages.enterMessage })
    .max(20000, messages.feedbackMessageTooLong)
    .transform((v) => v.trim().slice(0, 5000))
    .refine((v) => v.length > 0, messages.enterMessage),
});
export type FeedbackInput = z.input<typeof feedbackInput>;
