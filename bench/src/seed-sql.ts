import type { SeedSize } from "./seed-args";

export const SEED_PASSWORD = "scale-test-password";
/** Requests are inserted in slices of this many rows, so a 1M-row seed reports progress. */
const REQUEST_SLICE = 250_000;

/** Every table the seed fills or that holds state derived from them; --reset empties these. */
const TABLES = [
  "users",
  "sessions",
  "auth_tokens",
  "groups",
  "group_members",
  "invites",
  "requests",
  "trips",
  "trip_groups",
  "user_limits",
  "user_email_preferences",
  "email_outbox",
  "email_send_log",
  "feedback",
  "rate_limits",
  "metric_daily_counts",
];

// Deterministic pseudo-randomness from a tag and a row number, so a seed is reproducible.
const fraction = (tag: string, n: string) =>
  `((abs(hashtext('${tag}' || (${n})::text)::bigint) % 1000000) / 1000000.0)`;
const pick = (tag: string, n: string, modulo: string) =>
  `(abs(hashtext('${tag}' || (${n})::text)::bigint) % (${modulo}))`;
// Ids come from row numbers, so groups and requests reference users without a lookup.
const userId = (i: string) => `md5('hyn-user-' || (${i})::text)::uuid`;
const groupId = (j: string) => `md5('hyn-group-' || (${j})::text)::uuid`;
/** A group's size: 2 to 20 members. */
const groupSize = (j: string) => `(2 + ${pick("size", j, "19")})`;

export interface SeedStep {
  label: string;
  sql: string;
}

/**
 * The seed as SQL. Group j's members are users j*S+1 .. j*S+size (wrapping), its owner the first of
 * them, so each user is in a few groups and owns at most a few; requests are posted by a member and
 * claimed by another member of the same group, spread over the last year, in every state.
 */
export function seedStatements(size: SeedSize, passwordHash: string, now: Date): SeedStep[] {
  if (!/^[\w$=+/,.-]+$/.test(passwordHash)) throw new Error("unexpected characters in the password hash");
  const { users: U, groups: G, requests: R } = size;
  const stride = Math.max(1, Math.floor(U / G));
  const NOW = `'${now.toISOString()}'::timestamptz`;
  const memberIndex = (j: string, k: string) => `((((${j})::bigint * ${stride} + (${k})) % ${U}) + 1)`;
  const groupCreated = (j: string) => `(${NOW} - interval '365 days' + interval '5 days' * ${fraction("gc", j)})`;

  const steps: SeedStep[] = [];
  if (size.reset) steps.push({ label: "reset", sql: `TRUNCATE ${TABLES.join(", ")} CASCADE` });

  steps.push({
    label: `users (${U})`,
    sql: `
      INSERT INTO users (id, email, password_hash, name, phone, general_area, is_admin, email_verified_at, last_active_at, created_at, updated_at)
      SELECT ${userId("i")}, 'user' || i || '@scale.test', '${passwordHash}', 'Neighbour ' || i,
        CASE WHEN i % 3 = 0 THEN '+1 555 ' || lpad((i % 10000000)::text, 7, '0') END,
        (ARRAY['Elm Street', 'Oak Close', 'Birch Lane', 'Market Square', 'Riverside', 'Hill Top'])[1 + i % 6],
        i = 1, created + interval '10 minutes',
        -- Most people came back in the last three months; some never did after signing up.
        CASE WHEN ${fraction("act", "i")} < 0.15 THEN NULL ELSE ${NOW} - interval '90 days' * ${fraction("la", "i")} END,
        created, created
      FROM (SELECT i, ${NOW} - interval '366 days' - interval '60 days' * ${fraction("uc", "i")} AS created FROM generate_series(1, ${U}) i) s`,
  });
  steps.push({
    label: "user limits",
    sql: `INSERT INTO user_limits (user_id) SELECT ${userId("i")} FROM generate_series(1, ${U}) i`,
  });
  steps.push({
    label: "e-mail preferences",
    sql: `
      INSERT INTO user_email_preferences (user_id, frequency, last_daily_sent)
      SELECT ${userId("i")}, f, CASE WHEN f = 'daily' THEN ${NOW} - interval '24 hours' * ${fraction("ld", "i")} END
      FROM (SELECT i, (ARRAY['disabled', 'disabled', 'daily', 'daily', 'immediate'])[1 + ${pick("pref", "i", "5")}] AS f
            FROM generate_series(1, ${U}) i WHERE ${fraction("hp", "i")} < 0.7) s`,
  });
  steps.push({
    label: `groups (${G})`,
    sql: `
      INSERT INTO groups (id, name, created_by, created_at)
      SELECT ${groupId("j")},
        (ARRAY['Elm Street', 'Oak Close', 'Birch Lane', 'Market Square', 'Riverside', 'Hill Top', 'Mill Road', 'Station Row'])[1 + ${pick("gn", "j", "8")}]
          || ' ' || (ARRAY['Neighbours', 'Helpers', 'Residents', 'Allotment', 'Block B'])[1 + ${pick("gs", "j", "5")}] || ' ' || j,
        ${userId(memberIndex("j", "0"))}, ${groupCreated("j")}
      FROM generate_series(0, ${G - 1}) j`,
  });
  steps.push({
    label: "group members (2-20 each)",
    sql: `
      INSERT INTO group_members (group_id, user_id, joined_at)
      SELECT ${groupId("j")}, ${userId(memberIndex("j", "k"))}, ${groupCreated("j")} + interval '1 day' * k
      FROM generate_series(0, ${G - 1}) j CROSS JOIN LATERAL generate_series(0, ${groupSize("j")} - 1) k
      ON CONFLICT DO NOTHING`,
  });

  for (let from = 0; from < R; from += REQUEST_SLICE) {
    const to = Math.min(R, from + REQUEST_SLICE) - 1;
    steps.push({
      label: `requests ${from + 1}-${to + 1}`,
      sql: `
        INSERT INTO requests (user_id, group_id, item_description, store_preference, needed_by, pickup_notes, status, claimed_by, claimed_at, fulfilled_at, created_at)
        SELECT ${userId(memberIndex("j", "k"))}, ${groupId("j")},
          (ARRAY['Milk', 'Bread', 'Paracetamol', 'Light bulbs', 'Dog food', 'Printer paper', 'Eggs', 'Bin bags', 'Coffee', 'Batteries'])[1 + ${pick("item", "r", "10")}] || ' (' || r || ')',
          CASE WHEN ${fraction("sp", "r")} < 0.5 THEN (ARRAY['Corner shop', 'Pharmacy on High St', 'Supermarket', 'Garden centre'])[1 + ${pick("store", "r", "4")}] END,
          needed_by,
          CASE WHEN ${fraction("pn", "r")} < 0.3 THEN 'Leave by the door' END,
          status,
          CASE WHEN status <> 'open' THEN ${userId(memberIndex("j", "helper"))} END,
          CASE WHEN status <> 'open' THEN claimed_at END,
          CASE WHEN status = 'fulfilled' THEN least(claimed_at + interval '24 hours' * ${fraction("fa", "r")}, ${NOW}) END,
          created
        FROM (
          SELECT r, j, k, (k + 1 + ${pick("h", "r", "sz - 1")}) % sz AS helper, created, needed_by,
            least(created + interval '15 minutes' + interval '47 hours' * ${fraction("ca", "r")}, ${NOW} - interval '1 minute') AS claimed_at,
            CASE WHEN needed_by < ${NOW}
              -- Past: mostly fulfilled; some claimed and never marked done; some expired unclaimed.
              THEN (CASE WHEN p < 0.65 THEN 'fulfilled' WHEN p < 0.75 THEN 'claimed' ELSE 'open' END)
              ELSE (CASE WHEN p < 0.55 THEN 'open' WHEN p < 0.85 THEN 'claimed' ELSE 'fulfilled' END)
            END AS status
          FROM (
            SELECT r, j, sz, ${pick("k", "r", "sz")} AS k, ${fraction("st", "r")} AS p, created,
              created + interval '2 hours' + interval '7 days' * ${fraction("nb", "r")} AS needed_by
            FROM (
              SELECT r, j, ${groupSize("j")} AS sz, ${NOW} - interval '358 days' * ${fraction("rc", "r")} AS created
              FROM (SELECT r, ${pick("rg", "r", String(G))} AS j FROM generate_series(${from}, ${to}) r) a
            ) b
          ) c
        ) d`,
    });
  }

  steps.push({
    label: "invitations",
    sql: `
      INSERT INTO invites (group_id, email, token_hash, expires_at, used_at, invited_by, created_at)
      SELECT ${groupId("j")},
        -- Half go to a neighbour with an account who is not in the group, half to someone new.
        CASE WHEN n = 0 THEN 'user' || ${memberIndex("j", groupSize("j"))} || '@scale.test' ELSE 'invitee' || j || '@elsewhere.test' END,
        encode(sha256(('hyn-invite-' || j || '-' || n)::bytea), 'hex'),
        created + interval '7 days',
        CASE WHEN ${fraction("iu", "j * 2 + n")} < 0.5 THEN least(created + interval '3 days' * ${fraction("iw", "j * 2 + n")}, ${NOW}) END,
        ${userId(memberIndex("j", "0"))}, created
      FROM (SELECT j, n, ${NOW} - interval '30 days' * ${fraction("ic", "j * 2 + n")} AS created
            FROM generate_series(0, ${G - 1}) j CROSS JOIN generate_series(0, 1) n
            WHERE ${fraction("iv", "j * 2 + n")} < 0.4) s`,
  });
  steps.push(...tripSteps(G, NOW, memberIndex));
  if (size.longHistory) steps.push(...longHistorySteps(passwordHash, NOW));
  // Fresh statistics, and a visibility map so counts can be index-only.
  steps.push({ label: "vacuum analyze", sql: "VACUUM ANALYZE" });
  return steps;
}

/** Of every group, the share with a trip under way, and the share of those with a second one. */
const TRIPS_PER_GROUP = { first: 0.3, second: 0.1 };
/** How far back a weekly trip's history goes: a year of past weeks. */
const PAST_TRIP_WEEKS = 52;
const TRIP_STORES = ["Aldi", "Lidl", "Supermarket", "Farmers market", "Pharmacy on High St"];

/**
 * Trips under way (issue 28, ADR 0022): a share of groups each with one or two open trips by one of its
 * members, leaving in 1 to 14 days (the list closes an hour before), some capped, some weekly, a fifth
 * announced to all the tripper's groups. Each group of a trip has 0 to 3 items: requests of other members,
 * claimed by the tripper at once, as adding an item makes them. Every weekly trip also has a year of past
 * weeks, to the same groups: most left with their list closed by time, some closed early by the tripper, a
 * few cancelled; each group of a past week has 0 to 2 items, delivered ("got") or not there (expired).
 */
function tripSteps(G: number, NOW: string, memberIndex: (j: string, k: string) => string): SeedStep[] {
  const n = "(j * 2 + n)";
  return [
    {
      label: "trips and their groups",
      sql: `
        WITH t AS (
          SELECT j, md5('hyn-trip-' || ${n})::uuid AS id, ${fraction("tx", n)} AS p,
            ${userId(memberIndex("j", pick("tk", n, groupSize("j"))))} AS tripper,
            (ARRAY[${TRIP_STORES.map((store) => `'${store}'`).join(", ")}])[1 + ${pick("ts", n, String(TRIP_STORES.length))}] AS store,
            ${NOW} + interval '1 day' + interval '13 days' * ${fraction("td", n)} AS departs_at
          FROM generate_series(0, ${G - 1}) j CROSS JOIN generate_series(0, 1) n
          WHERE ${fraction("tr", n)} < CASE WHEN n = 0 THEN ${TRIPS_PER_GROUP.first} ELSE ${TRIPS_PER_GROUP.second} END
        ), inserted AS (
          INSERT INTO trips (id, tripper_id, store, departs_at, closes_at, note, max_items, status, repeat, series_id, created_at)
          SELECT id, tripper, store, departs_at, departs_at - interval '1 hour',
            CASE WHEN p < 0.4 THEN 'Going after work, back by seven' END,
            CASE WHEN p >= 0.5 AND p < 0.8 THEN 10 END,
            'open', CASE WHEN p >= 0.7 THEN 'week' END, CASE WHEN p >= 0.7 THEN id END,
            ${NOW} - interval '2 days' * p
          FROM t
          RETURNING id
        )
        INSERT INTO trip_groups (trip_id, group_id)
        SELECT t.id, m.group_id FROM inserted JOIN t USING (id) JOIN group_members m ON m.user_id = t.tripper
        WHERE m.group_id = ${groupId("t.j")} OR t.p < 0.2`,
    },
    {
      label: "trip items",
      sql: `
        INSERT INTO requests (user_id, group_id, item_description, quantity, store_preference, needed_by, if_unavailable, status, claimed_by, claimed_at, trip_id, trip_mark, created_at)
        SELECT r.user_id, tg.group_id,
          (ARRAY['Milk', 'Bread', 'Oat milk', 'Eggs', 'Coffee', 'Bananas'])[1 + ${pick("tit", "t.id::text || r.user_id::text", "6")}],
          1 + ${pick("tq", "t.id::text || r.user_id::text", "3")}, t.store, t.departs_at,
          (ARRAY['similar', 'similar', 'skip', 'ask'])[1 + ${pick("tu", "t.id::text || r.user_id::text", "4")}],
          'claimed', t.tripper_id, added, t.id, 'pending', added
        FROM trips t
        JOIN trip_groups tg ON tg.trip_id = t.id
        CROSS JOIN LATERAL (
          SELECT m.user_id, least(t.created_at + interval '1 day' * ${fraction("ta", "t.id::text || m.user_id::text")}, ${NOW} - interval '1 minute') AS added
          FROM group_members m WHERE m.group_id = tg.group_id AND m.user_id <> t.tripper_id
          ORDER BY md5(t.id::text || m.user_id::text)
          LIMIT ${pick("ti", "t.id::text || tg.group_id::text", "4")}
        ) r`,
    },
    {
      label: "past weeks of weekly trips",
      sql: `
        WITH past AS (
          SELECT md5('hyn-past-trip-' || t.id::text || '-' || k)::uuid AS id, t.id AS current_id, t.tripper_id, t.store,
            t.departs_at - interval '1 week' * k AS departs_at, t.series_id, ${fraction("pt", "t.id::text || k")} AS p
          FROM trips t CROSS JOIN generate_series(1, ${PAST_TRIP_WEEKS}) k
          WHERE t.repeat = 'week' AND t.departs_at - interval '1 week' * k < ${NOW}
        ), inserted AS (
          INSERT INTO trips (id, tripper_id, store, departs_at, closes_at, status, repeat, series_id, closed_at, cancelled_at, created_at)
          SELECT id, tripper_id, store, departs_at, departs_at - interval '1 hour',
            CASE WHEN p < 0.05 THEN 'cancelled' WHEN p < 0.25 THEN 'closed' ELSE 'open' END, 'week', series_id,
            CASE WHEN p >= 0.05 AND p < 0.25 THEN departs_at - interval '3 hours' END,
            CASE WHEN p < 0.05 THEN departs_at - interval '1 day' END,
            departs_at - interval '6 days'
          FROM past
          RETURNING id
        )
        INSERT INTO trip_groups (trip_id, group_id)
        SELECT past.id, tg.group_id FROM inserted JOIN past USING (id) JOIN trip_groups tg ON tg.trip_id = past.current_id`,
    },
    {
      label: "past trips' items",
      sql: `
        INSERT INTO requests (user_id, group_id, item_description, quantity, store_preference, needed_by, if_unavailable, status, claimed_by, claimed_at, fulfilled_at, trip_id, trip_mark, created_at)
        SELECT r.user_id, tg.group_id,
          (ARRAY['Milk', 'Bread', 'Oat milk', 'Eggs', 'Coffee', 'Bananas'])[1 + ${pick("ptit", "t.id::text || r.user_id::text", "6")}],
          1 + ${pick("ptq", "t.id::text || r.user_id::text", "3")}, t.store, t.departs_at, 'similar',
          CASE WHEN r.got THEN 'fulfilled' ELSE 'expired' END,
          CASE WHEN r.got THEN t.tripper_id END, CASE WHEN r.got THEN t.created_at + interval '1 day' END,
          CASE WHEN r.got THEN t.departs_at + interval '2 hours' END,
          t.id, CASE WHEN r.got THEN 'got' ELSE 'not_there' END, t.created_at + interval '1 day'
        FROM trips t
        JOIN trip_groups tg ON tg.trip_id = t.id
        CROSS JOIN LATERAL (
          SELECT m.user_id, ${fraction("ptg", "t.id::text || m.user_id::text")} < 0.9 AS got
          FROM group_members m WHERE m.group_id = tg.group_id AND m.user_id <> t.tripper_id
          ORDER BY md5(t.id::text || m.user_id::text)
          LIMIT ${pick("pti", "t.id::text || tg.group_id::text", "3")}
        ) r
        WHERE t.status <> 'cancelled' AND t.departs_at < ${NOW} AND t.id <> t.series_id`,
    },
  ];
}

/** The long-history preset's person (issue 13): sorts after user<N>@, so the bench's other roles never pick them. */
export const VETERAN_EMAIL = "veteran@scale.test";
export const VETERAN_GROUP = "Long History Lane";
const VETERAN_ID = "md5('hyn-veteran')::uuid";
const VETERAN_GROUP_ID = "md5('hyn-veteran-group')::uuid";
/** Past requests of the veteran's group over five years; every fourth is the veteran's own. */
const VETERAN_GROUP_PAST = 20_000;
/** Every fourth request of the group is the veteran's, the rest are users 2..20's; a neighbour helps. */
const poster = (n: string) => `CASE WHEN (${n}) % 4 = 0 THEN ${VETERAN_ID} ELSE ${userId(`2 + (${n}) % 19`)} END`;
const helper = (n: string) =>
  `CASE WHEN (${n}) % 4 = 0 OR (${n}) % 7 <> 0 THEN ${userId(`2 + ((${n}) + 1) % 19`)} ELSE ${VETERAN_ID} END`;

/**
 * Years of use in one group of 20: 20,000 past requests (5,000 the veteran's), fulfilled or expired,
 * and as many active ones as an ordinary group has now.
 */
function longHistorySteps(passwordHash: string, NOW: string): SeedStep[] {
  return [
    {
      label: "long history: the veteran",
      sql: `
        INSERT INTO users (id, email, password_hash, name, general_area, email_verified_at, last_active_at, created_at, updated_at)
        VALUES (${VETERAN_ID}, '${VETERAN_EMAIL}', '${passwordHash}', 'Veteran Neighbour', 'Elm Street', ${NOW} - interval '1900 days', ${NOW}, ${NOW} - interval '1900 days', ${NOW} - interval '1900 days')`,
    },
    { label: "long history: the veteran's limits", sql: `INSERT INTO user_limits (user_id) VALUES (${VETERAN_ID})` },
    {
      label: "long history: their group",
      sql: `INSERT INTO groups (id, name, created_by, created_at) VALUES (${VETERAN_GROUP_ID}, '${VETERAN_GROUP}', ${VETERAN_ID}, ${NOW} - interval '1890 days')`,
    },
    {
      label: "long history: its 20 members",
      sql: `
        INSERT INTO group_members (group_id, user_id, joined_at)
        SELECT ${VETERAN_GROUP_ID}, CASE WHEN n = 0 THEN ${VETERAN_ID} ELSE ${userId("1 + n")} END, ${NOW} - interval '1890 days' + interval '1 day' * n
        FROM generate_series(0, 19) n`,
    },
    {
      label: `long history: ${VETERAN_GROUP_PAST} past requests`,
      sql: `
        INSERT INTO requests (user_id, group_id, item_description, needed_by, status, claimed_by, claimed_at, fulfilled_at, created_at)
        SELECT ${poster("r")}, ${VETERAN_GROUP_ID}, 'Errand ' || r, created + interval '1 day',
          CASE WHEN fulfilled THEN 'fulfilled' ELSE 'open' END,
          CASE WHEN fulfilled THEN ${helper("r")} END,
          CASE WHEN fulfilled THEN created + interval '1 hour' END,
          CASE WHEN fulfilled THEN created + interval '5 hours' END,
          created
        FROM (SELECT r, ${fraction("vf", "r")} < 0.85 AS fulfilled,
                ${NOW} - interval '7 days' - interval '1820 days' * (r::numeric / ${VETERAN_GROUP_PAST}) AS created
              FROM generate_series(0, ${VETERAN_GROUP_PAST - 1}) r) s`,
    },
    {
      label: "long history: what is active now",
      // Open and claimed as in an ordinary group; the veteran has four of the fifteen.
      sql: `
        INSERT INTO requests (user_id, group_id, item_description, needed_by, status, claimed_by, claimed_at, created_at)
        SELECT ${poster("a")}, ${VETERAN_GROUP_ID}, 'Current errand ' || a, ${NOW} + interval '3 days',
          CASE WHEN a % 3 = 2 THEN 'claimed' ELSE 'open' END,
          CASE WHEN a % 3 = 2 THEN ${helper("a")} END,
          CASE WHEN a % 3 = 2 THEN ${NOW} - interval '1 hour' END,
          ${NOW} - interval '1 hour' * (a + 2)
        FROM generate_series(0, 14) a`,
    },
  ];
}
