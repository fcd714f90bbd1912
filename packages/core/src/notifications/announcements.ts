import { requestAnnouncements, type Executor } from "@hyn/db";
import { sql } from "drizzle-orm";

/** A request is announced to the same person at most this many times: its posting and one reminder (issue 43 §4). */
export const ANNOUNCEMENTS_PER_PERSON = 2;

/**
 * The recipients a request may still be announced to, whichever route announces it (the posting notice,
 * "Notify group", the resting helpers' late notice, "Still needed", a give-back told to the group), each
 * counted as announced to in the caller's transaction: those it was announced to ANNOUNCEMENTS_PER_PERSON
 * times are left out (issue 43 §4: "Notify group" and then "Still needed" were three e-mails about one
 * item in 80 minutes). One statement: the conditional upsert answers exactly the ones it counted.
 */
export async function admitAnnouncements<R extends { userId: string }>(
  tx: Executor,
  requestId: string,
  recipients: readonly R[],
  now: Date,
): Promise<R[]> {
  if (recipients.length === 0) return [];
  const counted = await tx
    .insert(requestAnnouncements)
    .values(recipients.map((recipient) => ({ requestId, userId: recipient.userId, times: 1, lastAt: now })))
    .onConflictDoUpdate({
      target: [requestAnnouncements.requestId, requestAnnouncements.userId],
      set: { times: sql`${requestAnnouncements.times} + 1`, lastAt: now },
      setWhere: sql`${requestAnnouncements.times} < ${ANNOUNCEMENTS_PER_PERSON}`,
    })
    .returning({ userId: requestAnnouncements.userId });
  const admitted = new Set(counted.map((row) => row.userId));
  return recipients.filter((recipient) => admitted.has(recipient.userId));
}
