import { rowsOf, type DbHandle } from "@hyn/db";
import { sql } from "drizzle-orm";
import { SEED_PASSWORD, VETERAN_EMAIL, VETERAN_GROUP } from "./seed-sql";
import { send } from "./trpc-http";

/** Connections of the claim scenario each get their own request, so they never contend on one row. */
export const CLAIMABLE_REQUESTS = 50;
const BENCH_GROUP = "Benchmark claims (temporary)";

export interface Fixture {
  reader: { email: string; token: string };
  poster: { email: string; token: string };
  admin: { token: string };
  /** The reader's group with the most requests: the group-list scenario reads it. */
  busiestGroupId: string;
  benchGroupId: string;
  /** The long-history preset's veteran and their group (seed:scale --preset long-history), if seeded. */
  veteran: { token: string; groupId: string } | null;
  claimableIds: string[];
  requestCount: number;
  /** Trips still taking items in the database (a seed from before issue 28 has none). */
  openTripCount: number;
  reopenClaimable: () => Promise<void>;
  cleanUp: () => Promise<void>;
}

const one = async <T>(handle: DbHandle, query: ReturnType<typeof sql>) => {
  const row = rowsOf<T>(await handle.db.execute(query))[0];
  if (!row) throw new Error("the database is not seeded: run pnpm seed:scale first");
  return row;
};

async function signIn(baseUrl: string, email: string): Promise<string> {
  const body = (await send(baseUrl, {
    method: "POST",
    path: "/api/auth/signin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  })) as { session: { token: string } };
  return body.session.token;
}

/**
 * The people and data the scenarios use, picked from a seeded database: the neighbour in the most
 * groups of those who see a trip reads; a fellow member posts; a temporary group holds one open request per connection.
 */
export async function prepareFixture(handle: DbHandle, baseUrl: string): Promise<Fixture> {
  await handle.db.execute(sql`DELETE FROM groups WHERE name = ${BENCH_GROUP}`);
  const { request_count } = await one<{ request_count: number }>(
    handle,
    sql`SELECT count(*)::int AS request_count FROM requests`,
  );
  const { open_trip_count } = await one<{ open_trip_count: number }>(
    handle,
    sql`SELECT count(*)::int AS open_trip_count FROM trips WHERE status = 'open' AND closes_at > now()`,
  );
  // The dashboard shows trips (issue 28): of the neighbours in the most groups, the one who sees the most
  // of others' open trips, then with the most items on trips.
  const reader = await one<{ id: string; email: string }>(
    handle,
    sql`WITH counts AS (
          SELECT m.user_id, count(*) AS groups FROM group_members m JOIN users u ON u.id = m.user_id
          WHERE u.email LIKE '%@scale.test' GROUP BY m.user_id
        )
        SELECT u.id, u.email FROM counts c JOIN users u ON u.id = c.user_id
        CROSS JOIN LATERAL (SELECT count(DISTINCT t.id) AS trips FROM trips t JOIN trip_groups tg ON tg.trip_id = t.id
          JOIN group_members m ON m.group_id = tg.group_id AND m.user_id = u.id
          WHERE t.tripper_id <> u.id AND t.status = 'open' AND t.closes_at > now()) seen
        CROSS JOIN LATERAL (SELECT count(*) AS items FROM requests r WHERE r.user_id = u.id AND r.trip_id IS NOT NULL) i
        WHERE c.groups = (SELECT max(groups) FROM counts)
        ORDER BY seen.trips DESC, i.items DESC, u.email
        LIMIT 1`,
  );
  const busiest = await one<{ group_id: string }>(
    handle,
    sql`SELECT r.group_id FROM requests r JOIN group_members m ON m.group_id = r.group_id AND m.user_id = ${reader.id}
        GROUP BY r.group_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const poster = await one<{ id: string; email: string }>(
    handle,
    sql`SELECT id, email FROM users WHERE email LIKE '%@scale.test' AND id <> ${reader.id} AND NOT is_admin ORDER BY email LIMIT 1`,
  );
  const admin = await one<{ email: string }>(
    handle,
    sql`SELECT email FROM users WHERE is_admin ORDER BY email LIMIT 1`,
  );

  const veteran = rowsOf<{ email: string; group_id: string }>(
    await handle.db.execute(
      sql`SELECT u.email, g.id AS group_id FROM users u JOIN groups g ON g.created_by = u.id AND g.name = ${VETERAN_GROUP} WHERE u.email = ${VETERAN_EMAIL}`,
    ),
  )[0];

  const group = await one<{ id: string }>(
    handle,
    sql`INSERT INTO groups (name, created_by) VALUES (${BENCH_GROUP}, ${poster.id}) RETURNING id`,
  );
  await handle.db.execute(
    sql`INSERT INTO group_members (group_id, user_id) VALUES (${group.id}, ${poster.id}), (${group.id}, ${reader.id})`,
  );
  const claimable = rowsOf<{ id: string }>(
    await handle.db.execute(sql`
      INSERT INTO requests (user_id, group_id, item_description, needed_by)
      SELECT ${poster.id}, ${group.id}, 'Benchmark claim ' || n, now() + interval '30 days' FROM generate_series(1, ${CLAIMABLE_REQUESTS}) n
      RETURNING id`),
  );
  // The create scenario posts thousands of requests; the limit is not what it measures.
  await handle.db.execute(sql`UPDATE user_limits SET max_open_requests = 1000000000 WHERE user_id = ${poster.id}`);

  const [readerToken, posterToken, adminToken] = await Promise.all([
    signIn(baseUrl, reader.email),
    signIn(baseUrl, poster.email),
    signIn(baseUrl, admin.email),
  ]);
  return {
    reader: { email: reader.email, token: readerToken },
    poster: { email: poster.email, token: posterToken },
    admin: { token: adminToken },
    busiestGroupId: busiest.group_id,
    benchGroupId: group.id,
    veteran: veteran ? { token: await signIn(baseUrl, veteran.email), groupId: veteran.group_id } : null,
    claimableIds: claimable.map((r) => r.id),
    requestCount: request_count,
    openTripCount: open_trip_count,
    reopenClaimable: async () => {
      await handle.db.execute(
        sql`UPDATE requests SET status = 'open', claimed_by = NULL, claimed_at = NULL WHERE group_id = ${group.id} AND status = 'claimed'`,
      );
    },
    cleanUp: async () => {
      // Deleting the group takes its requests with it; the counters follow through their triggers.
      await handle.db.execute(sql`DELETE FROM groups WHERE id = ${group.id}`);
      await handle.db.execute(sql`UPDATE user_limits SET max_open_requests = 5 WHERE user_id = ${poster.id}`);
    },
  };
}
