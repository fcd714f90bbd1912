import { deliverDueEmails, HOUR_MS, latestDigestSlot, signUnsubscribeToken, silentLogger } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { messages } from "@hyn/validators";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app";
import { parseEnv } from "../src/env";
import { isoHoursAfter } from "./support/time";

/**
 * Issue 15, RFC 8058: non-essential e-mails carry List-Unsubscribe and List-Unsubscribe-Post and the
 * footer links; the one-click POST (no cookie, no Origin, a form body) turns off exactly its scope.
 * E-mails are read back from the dev mailbox, headers included, as a person's mail client would see them.
 */

const APP_URL = "http://neighbours.test";

interface MailboxEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  links: string[];
}

let database: TestDatabase;
let app: App;
let clock: FakeClock;
beforeEach(async () => {
  readUpTo.clear();
  database = await createTestDatabase();
});
afterEach(async () => {
  await app?.server.close();
  await database.close();
});

async function start(env: Record<string, string> = {}) {
  clock = new FakeClock(new Date("2026-03-02T09:00:00Z"));
  app = await buildApp({
    env: parseEnv({
      NODE_ENV: "development",
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent",
      APP_URL,
      REQUIRE_EMAIL_CONFIRMATION: "false",
      RATE_LIMIT_MULTIPLIER: "1000",
      FEEDBACK_TO: "team@neighbours.test",
      ...env,
    }),
    db: database.handle,
    clock,
    startWorkers: false,
  });
}

/** The outbox, delivered into the dev mailbox; then what the mailbox shows for `to`, newest first. */
async function mailTo(to: string): Promise<MailboxEmail[]> {
  while (
    (await deliverDueEmails({
      db: database.handle.db,
      clock,
      logger: silentLogger,
      transport: app.mailbox!,
      from: "hyn@neighbours.test",
    })) > 0
  );
  const response = await app.server.inject({ method: "GET", url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
  return (response.json() as { emails: MailboxEmail[] }).emails;
}

const readUpTo = new Map<string, number>();
/** What came for `to` since the setup's e-mails (invitations) were set aside, newest first. */
async function newMailTo(to: string): Promise<MailboxEmail[]> {
  const all = await mailTo(to);
  return all.slice(0, all.length - (readUpTo.get(to) ?? 0));
}
async function setAsideMailTo(to: string) {
  readUpTo.set(to, (await mailTo(to)).length);
}

/** The URL inside `List-Unsubscribe: <url>`. */
function listUnsubscribeUrl(email: MailboxEmail): string {
  const match = /^<(https?:\/\/[^>]+)>$/.exec(email.headers["List-Unsubscribe"] ?? "");
  if (!match) throw new Error(`no List-Unsubscribe URL in ${JSON.stringify(email.headers)}`);
  return match[1]!;
}

const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => pathOf(url).split("/").pop()!;

async function signUp(email: string, password = "a-good-secret-1") {
  const response = await app.server.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password, name: email.split("@")[0] },
  });
  const body = response.json() as { session: { token: string }; user: { id: string } };
  return { email, password, userId: body.user.id, headers: { authorization: `Bearer ${body.session.token}` } };
}
type Person = Awaited<ReturnType<typeof signUp>>;

function call(who: Person, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return app.server.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
}

async function groupOf(owner: Person, name: string, members: Person[]) {
  const groupId = (await call(owner, "POST", "/groups", { name })).json().id as string;
  for (const member of members) {
    const invite = await call(owner, "POST", "/invites", { groupId, email: member.email });
    const joined = await call(member, "POST", `/invites/${invite.json().token}/join`);
    expect(joined.statusCode).toBe(200);
  }
  return groupId;
}

async function post(who: Person, groupId: string, itemDescription: string, hoursAhead = 24) {
  const neededBy = isoHoursAfter(clock, hoursAhead);
  const response = await call(who, "POST", "/requests", { groupId, itemDescription, neededBy });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** RFC 8058's request, as a mail provider sends it: a form body, no cookie, no Origin, no session. */
function oneClick(url: string, form: "urlencoded" | "multipart" = "urlencoded") {
  if (form === "multipart") {
    const boundary = "----hyn-test-boundary";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    return app.server.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }
  return app.server.inject({
    method: "POST",
    url: pathOf(url),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
}

const describeLink = (url: string) => app.server.inject({ method: "GET", url: `/api/unsubscribe/${tokenOf(url)}` });

/** Ada posts; Bea hears of new requests at once in Elm Street and Oak Lane. */
async function neighbourhood() {
  await start();
  const ada = await signUp("ada@example.com");
  const bea = await signUp("bea@example.com");
  expect((await call(bea, "PUT", "/user/email-preferences", { frequency: "immediate" })).statusCode).toBe(200);
  const elm = await groupOf(ada, "Elm Street", [bea]);
  const oak = await groupOf(ada, "Oak Lane", [bea]);
  await setAsideMailTo(ada.email);
  await setAsideMailTo(bea.email);
  return { ada, bea, elm, oak };
}

describe("non-essential e-mails (RFC 8058)", () => {
  it("carry both headers and the footer links, in text and HTML; the link names the person and what the e-mail is about", async () => {
    const { ada, bea, elm } = await neighbourhood();
    const milkId = await post(ada, elm, "Milk");
    const [notice] = await newMailTo(bea.email);
    expect(notice!.subject).toBe("New request in Elm Street: Milk");
    expect(notice!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = listUnsubscribeUrl(notice!);
    expect(url).toMatch(new RegExp(`^${APP_URL}/unsubscribe/[A-Za-z0-9_-]+$`));
    expect(notice!.text).toContain(`Unsubscribe: ${url}`);
    expect(notice!.text).toContain(`Manage notifications: ${APP_URL}/profile#notifications`);
    expect(notice!.html).toContain(`<a href="${url}">Unsubscribe</a>`);
    expect(notice!.html).toContain(`<a href="${APP_URL}/profile#notifications">Manage notifications</a>`);
    expect((await describeLink(url)).json()).toEqual({
      scope: { type: "group", groupId: elm, groupName: "Elm Street" },
      state: "receiving",
      allStopped: false,
    });

    // The change notice to the requester is about request updates.
    expect((await call(bea, "POST", `/requests/${milkId}/claim`)).statusCode).toBe(200);
    const [claimed] = await newMailTo(ada.email);
    expect(claimed!.subject).toContain("offered to help with your request");
    expect(claimed!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(claimed!.text).toContain(`Unsubscribe: ${listUnsubscribeUrl(claimed!)}`);
    expect((await describeLink(listUnsubscribeUrl(claimed!))).json()).toMatchObject({
      scope: { type: "kind", kind: "request_updates" },
      state: "receiving",
    });
  });

  it("the daily summary's link stops new-request e-mails", async () => {
    const { ada, bea, elm } = await neighbourhood();
    expect((await call(bea, "PUT", "/user/email-preferences", { frequency: "daily" })).statusCode).toBe(200);
    await post(ada, elm, "Bread", 48);
    clock.advance(23 * HOUR_MS);
    await app.services.notifications.runDailyDigest({
      slot: latestDigestSlot(clock.now(), { hour: 8, timeZone: "UTC" }),
    });
    const [summary] = await newMailTo(bea.email);
    expect(summary!.subject).toBe("1 new request in your Help Your Neighbor groups");
    expect(summary!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = listUnsubscribeUrl(summary!);
    expect(summary!.text).toContain(`Unsubscribe: ${url}`);

    expect((await oneClick(url)).json()).toMatchObject({
      scope: { type: "kind", kind: "new_requests" },
      state: "stopped",
    });
    await post(ada, elm, "Butter", 48);
    clock.advance(24 * HOUR_MS);
    const next = await app.services.notifications.runDailyDigest({
      slot: latestDigestSlot(clock.now(), { hour: 8, timeZone: "UTC" }),
    });
    expect(next).toEqual({ considered: 0, sent: 0 });
    expect(await newMailTo(bea.email)).toHaveLength(1);
  });

  it("the weekly summary's link, run from the dev trigger, stops new-request e-mails, the summary among them (issue 41)", async () => {
    const { ada, bea, elm } = await neighbourhood();
    expect((await call(bea, "PUT", "/user/email-preferences", { frequency: "weekly" })).statusCode).toBe(200);
    await post(ada, elm, "Bread", 72);
    clock.advance(HOUR_MS);
    const run = await app.server.inject({ method: "POST", url: "/dev/weekly-summary" });
    expect([run.statusCode, run.json()]).toEqual([200, { considered: 1, sent: 1 }]);
    const [summary] = await newMailTo(bea.email);
    expect(summary!.subject).toBe("Your week in Help Your Neighbor");
    expect(summary!.text).toContain("Still needed: Bread for ada");
    expect(summary!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = listUnsubscribeUrl(summary!);
    expect(summary!.text).toContain(`Unsubscribe: ${url}`);

    expect((await oneClick(url)).json()).toMatchObject({
      scope: { type: "kind", kind: "new_requests" },
      state: "stopped",
    });
    await post(ada, elm, "Butter", 72);
    clock.advance(7 * 24 * HOUR_MS);
    expect((await app.server.inject({ method: "POST", url: "/dev/weekly-summary" })).json()).toEqual({
      considered: 0,
      sent: 0,
    });
    expect(await newMailTo(bea.email)).toHaveLength(1);
  });

  it("transactional e-mails (verification, reset, invitation, feedback) carry neither headers nor links", async () => {
    await start({ REQUIRE_EMAIL_CONFIRMATION: "true" });
    await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "cy@example.com", password: "a-good-secret-1" },
    });
    clock.advance(2 * 60 * 1000);
    await app.server.inject({ method: "POST", url: "/api/auth/reset-password", payload: { email: "cy@example.com" } });
    await app.server.inject({
      method: "POST",
      url: "/api/feedback",
      payload: { email: "cy@example.com", message: "Lovely app" },
    });
    const [verification, reset] = [...(await mailTo("cy@example.com"))].reverse();
    const [feedback] = await mailTo("team@neighbours.test");
    expect([verification!.subject, reset!.subject, feedback!.subject]).toEqual([
      "Confirm your Help Your Neighbor account",
      "Reset your Help Your Neighbor password",
      "[Help Your Neighbor feedback] General",
    ]);
    // An invitation, sent by someone with a confirmed account to an address with none.
    await app.services.accounts.grantConfiguredAdmins();
    const dot = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "dot@example.com", password: "a-good-secret-1" },
    });
    const verifyLink = (await mailTo("dot@example.com"))[0]!.links.find((l) => l.includes("token_hash="))!;
    const verified = await app.server.inject({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: { token_hash: new URL(verifyLink).searchParams.get("token_hash") },
    });
    const dotHeaders = { authorization: `Bearer ${verified.json().session.token}` };
    expect(dot.statusCode).toBe(201);
    const groupId = (
      await app.server.inject({
        method: "POST",
        url: "/api/groups",
        headers: dotHeaders,
        payload: { name: "Elm Street" },
      })
    ).json().id;
    await app.server.inject({
      method: "POST",
      url: "/api/invites",
      headers: dotHeaders,
      payload: { groupId, email: "eve@example.com" },
    });
    const [invitation] = await mailTo("eve@example.com");
    expect(invitation!.subject).toContain('invited you to join "Elm Street"');

    for (const email of [verification!, reset!, feedback!, invitation!]) {
      expect(email.headers).toEqual({});
      expect(email.text).not.toContain("Unsubscribe");
      expect(email.html).not.toContain("Unsubscribe");
      expect(email.text).not.toContain("Manage notifications");
    }
  });
});

describe("the one-click unsubscribe POST", () => {
  it("with no cookie and no Origin turns off exactly that group: the next notice there does not come, another group's does", async () => {
    const { ada, bea, elm, oak } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);

    const done = await oneClick(url);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      scope: { type: "group", groupId: elm, groupName: "Elm Street" },
      state: "stopped",
      allStopped: false,
    });

    await post(ada, elm, "Eggs");
    await post(ada, oak, "Flour");
    expect((await newMailTo(bea.email)).map((m) => m.subject)).toEqual([
      "New request in Oak Lane: Flour",
      "New request in Elm Street: Milk",
    ]);
  });

  it("accepts multipart bodies, and twice is still a harmless 200", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    const first = await oneClick(url, "multipart");
    const second = await oneClick(url, "urlencoded");
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toMatchObject({ state: "stopped" });
  });

  it("turns off only the request-updates e-mails from a change notice", async () => {
    const { ada, bea, elm } = await neighbourhood();
    const milkId = await post(ada, elm, "Milk");
    await call(bea, "POST", `/requests/${milkId}/claim`);
    const url = listUnsubscribeUrl((await newMailTo(ada.email))[0]!);
    expect((await oneClick(url)).json()).toMatchObject({
      scope: { type: "kind", kind: "request_updates" },
      state: "stopped",
    });

    await call(bea, "POST", `/requests/${milkId}/unclaim`);
    expect((await newMailTo(ada.email)).map((m) => m.subject)).toEqual([expect.stringContaining("offered to help")]);
    // Bea's own e-mails are untouched: Ada's next post still reaches her.
    await post(ada, elm, "Eggs");
    expect((await newMailTo(bea.email))[0]!.subject).toBe("New request in Elm Street: Eggs");
  });

  it("a GET of the link or its description changes nothing", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    await app.server.inject({ method: "GET", url: pathOf(url) });
    await app.server.inject({ method: "HEAD", url: pathOf(url) });
    expect((await describeLink(url)).json()).toMatchObject({ state: "receiving" });
    await post(ada, elm, "Eggs");
    expect((await newMailTo(bea.email))[0]!.subject).toBe("New request in Elm Street: Eggs");
  });

  it("refuses forged, altered and foreign links with a 400 and a clear text, changing nothing", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    const token = tokenOf(url);
    const bytes = Buffer.from(token, "base64url");
    bytes[5] = bytes[5]! ^ 0xff;
    const altered = bytes.toString("base64url");
    const foreignKey = new Uint8Array(32).fill(7);
    // Well formed, for Bea and this group, but signed by another deployment's key.
    const foreign = signUnsubscribeToken(foreignKey, { userId: bea.userId, scope: { groupId: elm } });
    for (const bad of [altered, foreign, "not-a-token", token.slice(0, -4)]) {
      const response = await oneClick(`${APP_URL}/unsubscribe/${bad}`);
      expect([response.statusCode, response.json()]).toEqual([400, { error: messages.unsubscribeLinkInvalid }]);
      const described = await app.server.inject({ method: "GET", url: `/api/unsubscribe/${bad}` });
      expect([described.statusCode, described.json()]).toEqual([400, { error: messages.unsubscribeLinkInvalid }]);
    }
    expect((await describeLink(url)).json()).toMatchObject({ state: "receiving" });
  });

  it("needs the one-click body; and no other route takes a form body", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    const empty = await app.server.inject({ method: "POST", url: pathOf(url) });
    expect([empty.statusCode, empty.json()]).toEqual([400, { error: messages.oneClickBodyMissing }]);
    const other = await app.server.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=Later",
    });
    expect(other.statusCode).toBe(400);
    const json = await app.server.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "application/json" },
      payload: { "List-Unsubscribe": "One-Click" },
    });
    expect([json.statusCode, json.json()]).toEqual([415, { error: messages.oneClickBodyMissing }]);
    const formElsewhere = await app.server.inject({
      method: "POST",
      url: "/api/requests",
      headers: { ...bea.headers, "content-type": "application/x-www-form-urlencoded" },
      payload: "itemDescription=Milk",
    });
    expect([formElsewhere.statusCode, formElsewhere.json()]).toEqual([415, { error: messages.contentTypeNotJson }]);
    const formToApiTwin = await app.server.inject({
      method: "POST",
      url: `/api/unsubscribe/${tokenOf(url)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(formToApiTwin.statusCode).toBe(415);
    expect((await describeLink(url)).json()).toMatchObject({ state: "receiving" });
  });

  it("still refuses a cookie-carrying POST from another site, as every cookie mutation is refused", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    const response = await app.server.inject({
      method: "POST",
      url: pathOf(url),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: "hyn_session=abc",
        origin: "https://evil.example",
      },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(403);
  });

  it("does nothing for a deleted account's link, and says so", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    expect((await call(bea, "POST", "/user/delete-account", { password: bea.password })).statusCode).toBe(200);
    const response = await oneClick(url);
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { scope: { type: "group", groupId: elm, groupName: null }, state: "accountGone", allStopped: true },
    ]);
    expect((await describeLink(url)).json()).toMatchObject({ state: "accountGone" });
    const all = await app.server.inject({ method: "POST", url: `/api/unsubscribe/${tokenOf(url)}/all` });
    expect([all.statusCode, all.json().state]).toEqual([200, "accountGone"]);
  });

  it("answers a harmless 200 for a group the person has left", async () => {
    const { ada, bea, elm } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    expect((await call(bea, "POST", `/groups/${elm}/leave`)).statusCode).toBe(200);
    const response = await oneClick(url);
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { scope: { type: "group", groupId: elm, groupName: null }, state: "notMember", allStopped: false },
    ]);
  });
});

describe("stop all e-mails from a link", () => {
  it("turns every kind's e-mail off and the profile's frequency to Never", async () => {
    const { ada, bea, elm, oak } = await neighbourhood();
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    const response = await app.server.inject({ method: "POST", url: `/api/unsubscribe/${tokenOf(url)}/all` });
    expect([response.statusCode, response.json().allStopped]).toEqual([200, true]);
    expect((await call(bea, "GET", "/user/email-preferences")).json().frequency).toBe("disabled");
    await post(ada, oak, "Flour");
    const beasRequest = await post(bea, oak, "Sugar");
    await call(ada, "POST", `/requests/${beasRequest}/claim`);
    expect((await newMailTo(bea.email)).map((m) => m.subject)).toEqual(["New request in Elm Street: Milk"]);
  });
});

describe("unsubscribe token guesses", () => {
  it("are limited per IP like other token guesses; valid links do not count", async () => {
    await start({ RATE_LIMIT_MULTIPLIER: "1" });
    const ada = await signUp("ada@example.com");
    const bea = await signUp("bea@example.com");
    await call(bea, "PUT", "/user/email-preferences", { frequency: "immediate" });
    const elm = await groupOf(ada, "Elm Street", [bea]);
    await setAsideMailTo(bea.email);
    await post(ada, elm, "Milk");
    const url = listUnsubscribeUrl((await newMailTo(bea.email))[0]!);
    for (let i = 0; i < 40; i++) expect((await describeLink(url)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) expect((await oneClick(`${APP_URL}/unsubscribe/guess${i}`)).statusCode).toBe(400);
    const refused = await oneClick(`${APP_URL}/unsubscribe/guess-more`);
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: messages.tooManyRequests }]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
