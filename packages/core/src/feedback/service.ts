import { feedback, users } from "@hyn/db";
import { sql } from "drizzle-orm";
import type { feedbackInput } from "@hyn/validators";
import type { z } from "zod";
import { feedbackForwardEmail } from "../mail/templates";
import { enqueueEmail } from "../mail/outbox";
import type { CoreDeps } from "../shared/deps";
import { localeOf } from "../shared/locale";

type Feedback = z.output<typeof feedbackInput>;

export function createFeedbackService(deps: CoreDeps) {
  return {
    /** Every message is stored; it is also e-mailed to FEEDBACK_TO when set, in the same transaction. */
    async submit(input: Feedback, userId: string | null): Promise<{ id: string }> {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feedback)
          .values({
            userId,
            name: input.name ?? null,
            email: input.email,
            subject: input.subject,
            message: input.message,
            createdAt: now,
          })
          .returning({ id: feedback.id });
        if (deps.config.feedbackTo) {
          // In the language of the admin's account with that address; English when no account has it.
          const [admin] = await tx
            .select({ locale: users.locale })
            .from(users)
            .where(sql`lower(${users.email}) = ${deps.config.feedbackTo.toLowerCase()}`)
            .limit(1);
          await enqueueEmail(tx, now, {
            ...feedbackForwardEmail(
              deps.config.feedbackTo,
              { name: input.name ?? null, email: input.email, subject: input.subject, message: input.message },
              localeOf(admin?.locale),
            ),
            type: "feedback",
            userId,
          });
        }
        return { id: row!.id };
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
