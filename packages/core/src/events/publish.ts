import type { Executor } from "@hyn/db";
import { sql } from "drizzle-orm";
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
