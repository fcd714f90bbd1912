/**
 * What the answers the answer cache keeps (ADR 0009: a dashboard, a group's request list) read from
 * the database. The cache is correct only while a change-log trigger (migrations 0004, 0009) logs
 * every change to these; packages/api/test/answer-cache-reads.test.ts holds both the queries and the
 * triggers in the database to this list, so a new field on the request view from an unlogged column
 * fails a test instead of serving stale answers.
 */
export const CACHED_ANSWER_READS: Record<string, "every change" | readonly string[]> = {
  // Rows that come, change and go as people act: every insert, update and delete is logged.
  requests: "every change",
  groups: "every change",
  group_members: "every change",
  user_limits: "every change",
  // A block hides each person's requests from the other (PRODUCT "Blocking"; migration 0026).
  user_blocks: "every change",
  // Open trips ride on the dashboard (issue 28; migration 0028), and a request's series says whether it
  // repeats and who takes every occurrence (migration 0029).
  trips: "every change",
  trip_groups: "every change",
  request_series: "every change",
  // A request posted for a neighbour without the app names them, and they count among the members
  // (issue 42 §1; migration 0039).
  offline_members: "every change",
  // A person shows by these columns only (their id never changes); the hourly last_active_at write
  // is deliberately not logged, so it never empties anyone's cache. A hidden address shows as "A neighbour"
  // where the name is blank (issue 43; migration 0045).
  users: ["id", "name", "email", "general_area", "email_hidden"],
};
