import { CapturingTransport } from "@hyn/api/testing";
import { FakeClock } from "@hyn/core/testing";
import { createTestDatabase } from "@hyn/db/testing";
import { buildApp, type BuildAppOptions } from "../src/app";
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
export async function bearerFor(app: TestApp, email: string, password = "a-good-secret-1") {
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
