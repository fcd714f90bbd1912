import { userEmailPreferences, type Executor } from "@hyn/db";
import type { EmailFrequency, EmailPreferences } from "@hyn/validators";
import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The profile's e-mail frequency (the radios Never / Daily / Immediate, `user_email_preferences`): the
 * one place it is written and its default stated. Every account gets a row at sign-up; a missing row
 * (an account made before, or by hand) reads as the default all the same.
 */

/** The stored value of "Never": no new-request e-mails unless a group's own setting asks for them. */
export const NEVER = "disabled" satisfies EmailFrequency;

/** Never, until the person picks otherwise. The column's default matches it (tested). */
export const DEFAULT_PROFILE_FREQUENCY: EmailFrequency = NEVER;

const literal = (value: string) => sql.raw(`'${value}'`);

/** A person's profile frequency as SQL (the default when they have no row). */
export function profileFrequencySql(userId: AnyPgColumn | SQL | string): SQL<EmailFrequency> {
  return sql<EmailFrequency>`coalesce((select uep.frequency from ${userEmailPreferences} uep where uep.user_id = ${userId}), ${literal(DEFAULT_PROFILE_FREQUENCY)})`;
}

/** Whether a person's profile frequency is Never, as SQL. */
export function profileFrequencyIsNeverSql(userId: AnyPgColumn | SQL | string): SQL<boolean> {
  return sql<boolean>`${profileFrequencySql(userId)} = ${literal(NEVER)}`;
}

/** The spec's e-mail preferences record: the row without the stamps of what only the server uses (the quiet notice's). */
const RECORD = {
  userId: userEmailPreferences.userId,
  frequency: userEmailPreferences.frequency,
  lastDailySent: userEmailPreferences.lastDailySent,
  lastWeeklySent: userEmailPreferences.lastWeeklySent,
  createdAt: userEmailPreferences.createdAt,
  updatedAt: userEmailPreferences.updatedAt,
};

/** The default row of a new account; a person who has one keeps it. */
export async function addDefaultEmailPreferences(executor: Executor, userId: string, now: Date): Promise<void> {
  await executor
    .insert(userEmailPreferences)
    .values({ userId, frequency: DEFAULT_PROFILE_FREQUENCY, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** A person's preferences row, made with the default first if they had none. Undefined when the person does not exist. */
export async function emailPreferencesOf(
  executor: Executor,
  userId: string,
  now: Date,
): Promise<EmailPreferences | undefined> {
  await addDefaultEmailPreferences(executor, userId, now);
  const [row] = await executor.select(RECORD).from(userEmailPreferences).where(eq(userEmailPreferences.userId, userId));
  return row;
}

/** Sets the profile's frequency. Undefined when the person does not exist. */
export async function setProfileFrequency(
  executor: Executor,
  userId: string,
  frequency: EmailFrequency,
  now: Date,
): Promise<EmailPreferences | undefined> {
  const [row] = await executor
    .insert(userEmailPreferences)
    .values({ userId, frequency, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: userEmailPreferences.userId, set: { frequency, updatedAt: now } })
    .returning(RECORD);
  return row;
}
