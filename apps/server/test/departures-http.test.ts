import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { linksOfLatestMailTo } from "./support/mail";
import { postAs, rest } from "./support/rest";
import { isoHoursAfter } from "./support/time";
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

/** Tina's group Elm with Ann in it (joined by a link that lets anyone in at once), and that link. */
async function elm() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false", ADMIN_EMAILS: ADMIN });
  const [olga, tina, ann] = [
    await bearerFor(app, "olga@example.com"),
    await bearerFor(app, "tina@example.com"),
    await bearerFor(app, "ann@example.com"),
  ];
  const group = (await postAs(app, olga, "/api/groups", { name: "Elm" })).json() as { id: string };
  const link = (await postAs(app, olga, `/api/groups/${group.id}/links`, { expiresInDays: 30 })).json() as {
    token: string;
  };
  for (const who of [tina, ann])
    expect((await postAs(app, who, `/api/invites/${link.token}/join`)).statusCode).toBe(200);
  return { olga, tina, ann, group, link };
}

async function resetTokenOf(email: string): Promise<string> {
  await postAs(app, null, "/api/auth/reset-password", { email });
  const link = (await linksOfLatestMailTo(app, email)).find((l) => new URL(l).searchParams.has("token_hash"))!;
  return new URL(link).searchParams.get("token_hash")!;
}

// Four accounts signed up per test (each a password hash) on a shared machine.
describe("what a suspension and a departure end, over REST", { timeout: 60_000 }, () => {
  it("a suspended tripper's trip leaves the dashboard and refuses an item with 409", async () => {
    const { tina, ann, group } = await elm();
    const admin = await bearerFor(app, ADMIN);
    const trip = (
      await postAs(app, tina, "/api/trips", {
        groupIds: [group.id],
        store: "Aldi",
        departsAt: isoHoursAfter(app.clock, 24),
      })
    ).json() as { id: string };
    expect((await postAs(app, ann, `/api/trips/${trip.id}/items`, { itemDescription: "Milk" })).statusCode).toBe(201);

    const suspended = await postAs(app, admin, `/api/admin/users/${tina.userId}/suspend`, { reason: "Spam" });
    expect(suspended.json()).toMatchObject({ reopenedClaims: 1 });
    const dashboard = (await rest(app, ann, "GET", "/api/dashboard")).json() as { trips: unknown[] };
    expect(dashboard.trips).toEqual([]);
    const refused = await postAs(app, ann, `/api/trips/${trip.id}/items`, { itemDescription: "Tea" });
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: messages.tripNotTakingItems }]);
  });

  it("a suspended account's reset link answers 403 with the suspension's text: no session, the password unchanged", async () => {
    const { tina } = await elm();
    const admin = await bearerFor(app, ADMIN);
    const token = await resetTokenOf("tina@example.com");
    await postAs(app, admin, `/api/admin/users/${tina.userId}/suspend`, { reason: "Spam" });

    const reset = await postAs(app, null, "/api/auth/complete-reset", { token, password: "brand-new-secret-3" });
    expect([reset.statusCode, reset.json()]).toEqual([403, { error: messages.accountSuspended }]);
    expect(reset.headers["set-cookie"]).toBeUndefined();
    const withNew = await postAs(app, null, "/api/auth/signin", {
      email: "tina@example.com",
      password: "brand-new-secret-3",
    });
    expect([withNew.statusCode, withNew.json()]).toEqual([401, { error: messages.invalidCredentials }]);
  });

  it("a removed member joining by a link that lets anyone in at once gets 202 { pending: true } and is not a member", async () => {
    const { olga, tina, group, link } = await elm();
    expect((await rest(app, olga, "DELETE", `/api/groups/${group.id}/members/${tina.userId}`)).statusCode).toBe(200);
    const again = await postAs(app, tina, `/api/invites/${link.token}/join`);
    expect([again.statusCode, again.json()]).toEqual([202, { pending: true }]);
    const members = (await rest(app, olga, "GET", `/api/groups/${group.id}/members`)).json() as { id: string }[];
    expect(members.map((m) => m.id)).not.toContain(tina.userId);
    expect((await rest(app, tina, "GET", `/api/invites/${link.token}`)).json()).toMatchObject({ approval: true });
  });
});
