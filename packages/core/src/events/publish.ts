import type { Executor } from "@hyn/db";
import { sql, type SQL } from "drizzle-orm";
import { tripGroups, trips } from "@hyn/db";
import { REQUEST_EVENTS_CHANNEL, type JoinAnsweredEvent, type RequestEvent, type SessionsEnded } from "./types";

/**
 * Announces a change from inside the transaction that makes it. Postgres (and PGlite) deliver a
 * NOTIFY only when that transaction commits, and never when it rolls back, so listeners in every
 * server instance hear about committed changes only.
 */
export async function publishRequestEvent(executor: Executor, event: RequestEvent): Promise<void> {
  await executor.execute(sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, ${JSON.stringify(eventFields(event))})`);
}

/** Announces many changes as publishRequestEvent does each, in one statement (a trip cancelled or delivered). */
export async function publishRequestEvents(executor: Executor, events: readonly RequestEvent[]): Promise<void> {
  if (events.length === 0) return;
  // A json element's text is the text it was written as: each payload reads as publishRequestEvent's.
  await executor.execute(
    sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, e::text) from json_array_elements(${JSON.stringify(events.map(eventFields))}::json) e`,
  );
}

/** A request event's payload: exactly these fields. */
const eventFields = (event: RequestEvent) => ({
  type: event.type,
  requestId: event.requestId,
  groupId: event.groupId,
  ownerId: event.ownerId,
});

/** Announces a trip's change to each group it is announced to, in one statement, on commit (as above). */
export async function publishTripEvent(executor: Executor, tripId: string): Promise<void> {
  await executor.execute(
    sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, json_build_object('type', 'trip.changed', 'tripId', ${tripGroups.tripId}, 'groupId', ${tripGroups.groupId}, 'ownerId', ${trips.tripperId})::text) from ${tripGroups} join ${trips} on ${trips.id} = ${tripGroups.tripId} where ${tripGroups.tripId} = ${tripId}`,
  );
}

/** Session ids per notice: 100 of 64 characters stay well inside NOTIFY's 8000-byte payload. */
const SESSION_IDS_PER_NOTICE = 100;

/**
 * Announces ended sessions (their stored ids) on the live events' channel, on commit, so every
 * instance ends their streams before it dispatches any event committed later.
 */
export async function publishSessionsEnded(executor: Executor, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const notices: SessionsEnded[] = [];
  for (let i = 0; i < sessionIds.length; i += SESSION_IDS_PER_NOTICE)
    notices.push({ type: "sessions.ended", sessionIds: sessionIds.slice(i, i + SESSION_IDS_PER_NOTICE) });
  await executor.execute(
    sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, e::text) from json_array_elements(${JSON.stringify(notices)}::json) e`,
  );
}

/**
 * The payload announcing a block placed or lifted between the two people of `rows` (a CTE's name with
 * `blocker_id` and `blocked_id`), to select from it in the statement that changes the row (blocks/service.ts).
 */
export function blockEventOf(rows: SQL): SQL {
  return sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, json_build_object('type', 'block.changed', 'userIds', json_build_array(${rows}.blocker_id, ${rows}.blocked_id))::text) from ${rows}`;
}

/** Announces the owner's answer to a request to join, to the person who asked only, on commit (issue 43). */
export async function publishJoinAnswered(executor: Executor, answer: Omit<JoinAnsweredEvent, "type">): Promise<void> {
  const event: JoinAnsweredEvent = {
    type: "join.answered",
    userId: answer.userId,
    groupId: answer.groupId,
    approved: answer.approved,
  };
  await executor.execute(sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
