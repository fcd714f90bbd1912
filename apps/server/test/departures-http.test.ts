import { deliverDueEmails, silentLogger } from "@hyn/core";
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

/**
 * Issue 38 §3 over REST: a suspended tripper's trip takes no item and leaves the dashboard; a suspended
 * account's reset link sets nothing and signs nobody in (403); a removed member's join by a link that lets
 * anyone in at once answers 202 `{ pending: true }`.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const ADMIN = "ada@example.com";
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

type Bearer = Awaited<ReturnType<typeof bearerFor>>;
const call = (method: "GET" | "POST" | "DELETE", url: string, who?: Bearer, payload?: unknown) =>
  app.server.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

/** Tina's group Elm with Ann in it (joined by a link that lets anyone in at once), and that link. */
async function elm() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false", ADMIN_EMAILS: ADMIN });
  const [olga, tina, ann] = [
    await bearerFor(app, "olga@example.com"),
    await bearerFor(app, "tina@example.com"),
    await bearerFor(app, "ann@example.com"),
  ];
  const group = (await call("POST", "/api/groups", olga, { name: "Elm" })).json() as { id: string };
  const link = (await call("POST", `/api/groups/${group.id}/links`, olga, { expiresInDays: 30 })).json() as {
    token: string;
  };
  for (const who of [tina, ann])
    expect((await call("POST", `/api/invites/${link.token}/join`, who)).statusCode).toBe(200);
  return { olga, tina, ann, group, link };
}

async function resetTokenOf(email: string): Promise<string> {
  await call("POST", "/api/auth/reset-password", undefined, { email });
  while (
    (await deliverDueEmails({
      db: app.db,
      clock: app.clock,
      logger: silentLogger,
      transport: app.transport,
      from: "hyn@example.com",
    })) > 0
  );
  const link = app.transport.sent
    .filter((m) => m.to === email)
    .at(-1)!
    .links.find((l) => new URL(l).searchParams.has("token_hash"))!;
  return new URL(link).searchParams.get("token_hash")!;
}

// Four accounts signed up per test (each a password hash) on a shared machine.
describe("what a suspension and a departure end, over REST", { timeout: 60_000 }, () => {
  it("a suspended tripper's trip leaves the dashboard and refuses an item with 409", async () => {
    const { tina, ann, group } = await elm();
    const admin = await bearerFor(app, ADMIN);
    const trip = (
      await call("POST", "/api/trips", tina, { groupIds: [group.id], store: "Aldi", departsAt: inHours(24) })
    ).json() as { id: string };
    expect((await call("POST", `/api/trips/${trip.id}/items`, ann, { itemDescription: "Milk" })).statusCode).toBe(201);

    const suspended = await call("POST", `/api/admin/users/${tina.userId}/suspend`, admin, { reason: "Spam" });
    expect(suspended.json()).toMatchObject({ reopenedClaims: 1 });
    const dashboard = (await call("GET", "/api/dashboard", ann)).json() as { trips: unknown[] };
    expect(dashboard.trips).toEqual([]);
    const refused = await call("POST", `/api/trips/${trip.id}/items`, ann, { itemDescription: "Tea" });
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: messages.tripNotTakingItems }]);
  });

  it("a suspended account's reset link answers 403 with the suspension's text: no session, the password unchanged", async () => {
    const { tina } = await elm();
    const admin = await bearerFor(app, ADMIN);
    const token = await resetTokenOf("tina@example.com");
    await call("POST", `/api/admin/users/${tina.userId}/suspend`, admin, { reason: "Spam" });

    const reset = await call("POST", "/api/auth/complete-reset", undefined, { token, password: "brand-new-secret-3" });
    expect([reset.statusCode, reset.json()]).toEqual([403, { error: messages.accountSuspended }]);
    expect(reset.headers["set-cookie"]).toBeUndefined();
    const withNew = await call("POST", "/api/auth/signin", undefined, {
      email: "tina@example.com",
      password: "brand-new-secret-3",
    });
    expect([withNew.statusCode, withNew.json()]).toEqual([401, { error: messages.invalidCredentials }]);
  });

  it("a removed member joining by a link that lets anyone in at once gets 202 { pending: true } and is not a member", async () => {
    const { olga, tina, group, link } = await elm();
    expect((await call("DELETE", `/api/groups/${group.id}/members/${tina.userId}`, olga)).statusCode).toBe(200);
    const again = await call("POST", `/api/invites/${link.token}/join`, tina);
    expect([again.statusCode, again.json()]).toEqual([202, { pending: true }]);
    const members = (await call("GET", `/api/groups/${group.id}/members`, olga)).json() as { id: string }[];
    expect(members.map((m) => m.id)).not.toContain(tina.userId);
    expect((await call("GET", `/api/invites/${link.token}`, tina)).json()).toMatchObject({ approval: true });
  });
});
