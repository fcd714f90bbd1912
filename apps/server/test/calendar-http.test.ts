/**
 * Issue 15 over HTTP: a request's calendar file, the claim confirmation's attachment read back from
 * the dev mailbox, and the personal feed at an address that needs no session. Every calendar is read
 * with ical.js (parseCalendar), never by matching its text.
 */
import { parseCalendar } from "@hyn/api/testing/calendar";
import { CALENDAR_FEED_MAX_EVENTS } from "@hyn/validators/policy";
import { deliverDueEmails, silentLogger } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { requests } from "@hyn/db";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { messages } from "@hyn/validators";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app";
import { parseEnv } from "../src/env";
import { hoursAfter } from "./support/time";

let database: TestDatabase;
let app: App;
let clock: FakeClock;

beforeEach(async () => {
  database = await createTestDatabase();
  clock = new FakeClock(new Date("2026-06-01T10:00:00Z"));
  // As `pnpm dev` runs without SMTP_URL: e-mails land in the dev mailbox. Rate limits as in production.
  app = await buildApp({
    env: parseEnv({
      NODE_ENV: "development",
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent",
      REQUIRE_EMAIL_CONFIRMATION: "false",
    }),
    db: database.handle,
    clock,
    startWorkers: false,
  });
});
afterEach(async () => {
  await app.server.close();
  await database.close();
});

async function signUp(name: string) {
  const email = `${name.toLowerCase()}@example.com`;
  const response = await app.server.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password: "a-good-secret-1", name },
  });
  const body = response.json() as { session: { token: string }; user: { id: string } };
  return { email, id: body.user.id, headers: { authorization: `Bearer ${body.session.token}` } };
}
type Person = Awaited<ReturnType<typeof signUp>>;

async function call<T = unknown>(
  who: Person | null,
  method: "GET" | "POST",
  url: string,
  payload?: object,
): Promise<T> {
  const response = await app.server.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

/** Ann owns a group with Bo and Cy in it; Out is in no group of theirs. */
async function street() {
  const [ann, bo, cy, out] = [await signUp("Ann"), await signUp("Bo"), await signUp("Cy"), await signUp("Out")];
  const group = await call<{ id: string }>(ann, "POST", "/api/groups", { name: "Elm Street" });
  for (const member of [bo, cy]) {
    const invite = await call<{ token: string }>(ann, "POST", "/api/invites", {
      groupId: group.id,
      email: member.email,
    });
    await call(member, "POST", `/api/invites/${invite.token}/join`);
  }
  const post = (who: Person, itemDescription: string, neededBy = hoursAfter(clock, 48)) =>
    call<{ id: string }>(who, "POST", "/api/requests", { groupId: group.id, itemDescription, neededBy });
  return { ann, bo, cy, out, group, post };
}

describe("GET /api/requests/{id}/calendar.ics", () => {
  it("answers the event as a text/calendar download to members, and 404 to anyone else", async () => {
    const { ann, bo, out, post } = await street();
    const milk = await post(ann, "Milk, 2 l; whole");
    await call(bo, "POST", `/api/requests/${milk.id}/claim`);

    const response = await app.server.inject({
      method: "GET",
      url: `/api/requests/${milk.id}/calendar.ics`,
      headers: bo.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    // Named after the item, not its id (issue 30).
    expect(response.headers["content-disposition"]).toBe('attachment; filename="Milk, 2 l; whole.ics"');
    const [event] = parseCalendar(response.body).events;
    expect(event).toMatchObject({
      uid: `request-${milk.id}@localhost`,
      status: "CONFIRMED",
      sequence: 1,
      summary: "Help Ann with Milk, 2 l; whole",
    });

    const hidden = await app.server.inject({
      method: "GET",
      url: `/api/requests/${milk.id}/calendar.ics`,
      headers: out.headers,
    });
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { error: messages.requestNotFound }]);
    const anonymous = await app.server.inject({ method: "GET", url: `/api/requests/${milk.id}/calendar.ics` });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: messages.noAuthenticatedUser }]);
    const malformed = await app.server.inject({
      method: "GET",
      url: "/api/requests/not-an-id/calendar.ics",
      headers: bo.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("names a file beyond plain ASCII in filename* (RFC 8187), with an ASCII stand-in", async () => {
    const { ann, bo, post } = await street();
    const bread = await post(ann, "Brötchen (6) für's Frühstück");
    await call(bo, "POST", `/api/requests/${bread.id}/claim`);
    const response = await app.server.inject({
      method: "GET",
      url: `/api/requests/${bread.id}/calendar.ics`,
      headers: bo.headers,
    });
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Br_tchen (6) f_r's Fr_hst_ck.ics"; ` +
        "filename*=UTF-8''Br%C3%B6tchen%20%286%29%20f%C3%BCr%27s%20Fr%C3%BChst%C3%BCck.ics",
    );
  });
});

describe("the claim confirmation", () => {
  it("reaches the helper's mailbox with the request's calendar file attached", async () => {
    const { ann, bo, post } = await street();
    const milk = await post(ann, "Größe; 牛乳, \n x");
    await call(bo, "POST", `/api/requests/${milk.id}/claim`);
    await deliverDueEmails({
      db: database.handle.db,
      clock,
      logger: silentLogger,
      transport: app.mailbox!,
      from: "test@hyn.local",
    });

    const { emails } = await call<{
      emails: { subject: string; attachments: { filename: string; contentType: string; content: string }[] }[];
    }>(null, "GET", `/dev/mailbox?to=${encodeURIComponent(bo.email)}`);
    const confirmation = emails.find((e) => e.subject.startsWith("You're helping"));
    expect(confirmation?.subject).toBe("You're helping Ann with Größe; 牛乳, x");
    expect(confirmation!.attachments).toHaveLength(1);
    const [attachment] = confirmation!.attachments;
    expect(attachment).toMatchObject({
      filename: "Größe; 牛乳, x.ics",
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    });
    const calendar = parseCalendar(attachment!.content);
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.events).toEqual([
      expect.objectContaining({
        uid: `request-${milk.id}@localhost`,
        status: "CONFIRMED",
        sequence: 1,
        start: hoursAfter(clock, 48),
        summary: "Help Ann with Größe; 牛乳, x",
      }),
    ]);
    // An item is one line as stored (PRODUCT.md, "What is checked"): its line break arrives as a space.
    expect(calendar.events[0]!.description.startsWith("Größe; 牛乳,   x\n")).toBe(true);
  });
});

describe("the personal calendar feed", () => {
  const feedPath = (url: string) => new URL(url).pathname;

  async function readFeed(url: string) {
    const response = await app.server.inject({ method: "GET", url: feedPath(url) });
    return response;
  }

  it("lists what I am helping with and my own open or claimed requests still to come, without a session", async () => {
    const { ann, bo, cy, post } = await street();
    const helping = await post(ann, "Helping: bread", hoursAfter(clock, 48));
    const someoneElses = await post(ann, "Cy helps: eggs", hoursAfter(clock, 49));
    const unclaimed = await post(ann, "Unclaimed: tea", hoursAfter(clock, 50));
    const mineOpen = await post(bo, "Mine open: soap", hoursAfter(clock, 51));
    const mineClaimed = await post(bo, "Mine claimed: rice", hoursAfter(clock, 52));
    const mineFulfilled = await post(bo, "Mine fulfilled: jam", hoursAfter(clock, 53));
    const mineSoon = await post(bo, "Mine soon: salt", hoursAfter(clock, 1));
    await call(bo, "POST", `/api/requests/${helping.id}/claim`);
    await call(cy, "POST", `/api/requests/${someoneElses.id}/claim`);
    await call(bo, "POST", `/api/requests/${unclaimed.id}/claim`);
    await call(bo, "POST", `/api/requests/${unclaimed.id}/unclaim`);
    await call(ann, "POST", `/api/requests/${mineClaimed.id}/claim`);
    await call(ann, "POST", `/api/requests/${mineFulfilled.id}/claim`);
    await call(ann, "POST", `/api/requests/${mineFulfilled.id}/fulfill`);

    const { url } = await call<{ url: string }>(bo, "GET", "/api/user/calendar-feed");
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[a-z2-7]{32}\.ics$/);
    // The same link on every ask, until a new one is asked for.
    expect(await call(bo, "GET", "/api/user/calendar-feed")).toEqual({ url });

    clock.set(hoursAfter(clock, 2));
    const response = await readFeed(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="help-your-neighbor.ics"');
    const feed = parseCalendar(response.body);
    expect(feed.name).toBe("Help Your Neighbor");
    expect(feed.events.map((e) => [e.uid, e.summary, e.status])).toEqual([
      [`request-${helping.id}@localhost`, "Help Ann with Helping: bread", "CONFIRMED"],
      [`request-${mineOpen.id}@localhost`, "Your request: Mine open: soap", "TENTATIVE"],
      [`request-${mineClaimed.id}@localhost`, "Your request: Mine claimed: rice", "CONFIRMED"],
    ]);
    expect(feed.events.map((e) => e.uid)).not.toContain(`request-${mineSoon.id}@localhost`);
  });

  it(`holds the soonest ${CALENDAR_FEED_MAX_EVENTS} events`, async () => {
    const { ann, bo, group } = await street();
    // Written directly: the open-requests limit would stop this many posts, and the feed does not care how they came.
    const rows = Array.from({ length: CALENDAR_FEED_MAX_EVENTS + 5 }, (_, i) => ({
      userId: ann.id,
      groupId: group.id,
      itemDescription: `Item ${i}`,
      neededBy: hoursAfter(clock, 24 + i),
      status: "claimed" as const,
      claimedBy: bo.id,
      claimedAt: clock.now(),
      createdAt: clock.now(),
    }));
    await database.handle.db.insert(requests).values(rows);
    const { url } = await call<{ url: string }>(bo, "GET", "/api/user/calendar-feed");
    const feed = parseCalendar((await readFeed(url)).body);
    expect(feed.events).toHaveLength(CALENDAR_FEED_MAX_EVENTS);
    expect(feed.events[0]!.summary).toBe("Help Ann with Item 0");
    expect(feed.events.at(-1)!.summary).toBe(`Help Ann with Item ${CALENDAR_FEED_MAX_EVENTS - 1}`);
  });

  it("stops working at once when I get a new link, and when I delete my account", async () => {
    const { bo, post } = await street();
    await post(bo, "Soap");
    const { url: old } = await call<{ url: string }>(bo, "GET", "/api/user/calendar-feed");
    expect((await readFeed(old)).statusCode).toBe(200);

    const { url: fresh } = await call<{ url: string }>(bo, "POST", "/api/user/calendar-feed/regenerate");
    expect(fresh).not.toBe(old);
    const refused = await readFeed(old);
    expect([refused.statusCode, refused.json()]).toEqual([404, { error: messages.notFound }]);
    expect(parseCalendar((await readFeed(fresh)).body).events.map((e) => e.summary)).toEqual(["Your request: Soap"]);
    expect(await call(bo, "GET", "/api/user/calendar-feed")).toEqual({ url: fresh });

    await call(bo, "POST", "/api/user/delete-account", { password: "a-good-secret-1" });
    expect((await readFeed(fresh)).statusCode).toBe(404);
  });

  it("refuses an address after too many unknown ones from the same place, even a right one", async () => {
    const { bo } = await street();
    const { url } = await call<{ url: string }>(bo, "GET", "/api/user/calendar-feed");
    const guess = (i: number) =>
      `/api/calendar/${String(i)
        .padStart(32, "a")
        .replace(/[0189]/g, "b")}.ics`;
    for (let i = 0; i < 30; i++)
      expect((await app.server.inject({ method: "GET", url: guess(i) })).statusCode).toBe(404);
    const limited = await app.server.inject({ method: "GET", url: feedPath(url) });
    expect([limited.statusCode, limited.json()]).toEqual([429, { error: messages.tooManyRequests }]);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Elsewhere, the right address still works.
    const elsewhere = await app.server.inject({ method: "GET", url: feedPath(url), remoteAddress: "203.0.113.9" });
    expect(elsewhere.statusCode).toBe(200);
  });
});
