import type { Executor } from "@hyn/db";
import { sql } from "drizzle-orm";
import { tripGroups } from "@hyn/db";
import { REQUEST_EVENTS_CHANNEL, type RequestEvent } from "./types";

/**
 * Announces a change from inside the transaction that makes it. Postgres (and PGlite) deliver a
 * NOTIFY only when that transaction commits, and never when it rolls back, so listeners in every
 * server instance hear about committed changes only.
 */
export async function publishRequestEvent(executor: Executor, event: RequestEvent): Promise<void> {
  const payload = JSON.stringify({ type: event.type, requestId: event.requestId, groupId: event.groupId });
  await executor.execute(sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, ${payload})`);
}

/** Announces a trip's change to each group it is announced to, in one statement, on commit (as above). */
export async function publishTripEvent(executor: Executor, tripId: string): Promise<void> {
  await executor.execute(
    sql`select pg_notify(${REQUEST_EVENTS_CHANNEL}, json_build_object('type', 'trip.changed', 'tripId', ${tripGroups.tripId}, 'groupId', ${tripGroups.groupId})::text) from ${tripGroups} where ${tripGroups.tripId} = ${tripId}`,
  );
}
