import { CapturingTransport } from "@hyn/api/testing";
import { FakeClock } from "@hyn/core/testing";
import { groupMembers, groups } from "@hyn/db";
import { createTestDatabase } from "@hyn/db/testing";
import superjson from "superjson";
import { buildApp, type App, type BuildAppOptions } from "../src/app";
import { parseEnv } from "../src/env";

/** A full Fastify app on a fresh test database, for app.inject tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, "logStream"> = {},
) {
  const database = await createTestDatabase();
  const clock = new FakeClock(new Date());
  const transport = new CapturingTransport();
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      RATE_LIMIT_MULTIPLIER: "1000",
      WEB_DIST: "/nonexistent",
      ...env,
    }),
    db: database.handle,
    clock,
    transport,
    startWorkers: false,
    ...options,
  });
  return {
    ...app,
    clock,
    transport,
    db: database.handle.db,
    /** The database's handle, for a job engine of the test's own. */
    dbHandle: database.handle,
    /** SQL statements sent so far, for the answer cache's one-statement hits. */
    statementCount: () => database.handle.statementCount(),
    async close() {
      await app.server.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Signs up with confirmation off and returns the bearer token. */
export async function bearerFor(app: Pick<App, "server">, email: string, password = "a-good-secret-1") {
  const response = await app.server.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password, name: email.split("@")[0] },
  });
  const body = response.json() as { session: { token: string } | null; user: { id: string } };
  if (!body.session) throw new Error(`signup did not sign in: ${response.body}`);
  return {
    token: body.session.token,
    userId: body.user.id,
    headers: { authorization: `Bearer ${body.session.token}` },
  };
}
/** A person signed up by bearerFor: their token, id and the headers that carry the token. */
export type Bearer = Awaited<ReturnType<typeof bearerFor>>;

/** A group with these members, written directly: for tests about what happens in a group, not about groups. */
export async function groupOf(
  app: Pick<TestApp, "db">,
  owner: { userId: string },
  members: { userId: string }[],
  name = "Elm Street",
) {
  const [group] = await app.db.insert(groups).values({ name, createdBy: owner.userId }).returning({ id: groups.id });
  await app.db
    .insert(groupMembers)
    .values([owner, ...members].map((who) => ({ groupId: group!.id, userId: who.userId })));
  return group!.id;
}

/** A GET batch as the web client's httpBatchLink sends it (inputs written by superjson). */
export function batchUrl(calls: { path: string; input?: unknown }[]) {
  const input = Object.fromEntries(
    calls.map((call, index) => [index, call.input === undefined ? {} : superjson.serialize(call.input)]),
  );
  return `/trpc/${calls.map((call) => call.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** The dashboard's URL, as the web client asks for it. */
export const DASHBOARD_URL = batchUrl([{ path: "requests.dashboard" }]);
