/**
 * Issue 38, "Text is data", over REST: every text a person writes, of every kind, holding what reads like
 * an escape sequence (`\u0000` as six characters, `\x00` as four), is stored and sent as typed, and every
 * action of other people on that content answers below 500; a real NUL in any of those fields is a 400.
 */
import { quickAccounts } from "@hyn/api/testing";
import { DAY_MS, HOUR_MS, latestDigestSlot } from "@hyn/core";
import { groupMembers, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverAllEmails } from "./support/mail";
import { isoHoursAfter } from "./support/time";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

const ADMIN = "admin@example.com";
let app: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false", ADMIN_EMAILS: ADMIN, FEEDBACK_TO: ADMIN });
  admin = (await bearerFor(app, ADMIN)).headers;
}, 60_000);
afterAll(async () => {
  await app.close();
});

type Headers = Record<string, string>;
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A call as a client makes it: nothing any text leads to may answer 5xx. */
async function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: Headers, payload?: object) {
  const response = await app.server.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Record<string, unknown> };
}

/** A call that must succeed; its answer. */
async function done(answer: Promise<Answer>): Promise<Record<string, unknown>> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

/** A street: an owner, two members of their group, and a neighbour invited to it, all signed in. */
interface World {
  owner: Headers;
  member: Headers;
  helper: Headers;
  newcomerEmail: string;
  ids: { owner: string; member: string; helper: string };
  groupId: string;
  requestId: string;
  seriesId: string;
  tripId: string;
  itemId: string;
  /** A neighbour without the app the member added (issue 42 §1), and the member's request for them. */
  offlineId: string;
  forNeighbourRequestId: string;
  /** The helper's report of the request (issue 43): the group's owner may answer it. */
  reportId: string;
}

/** Every text a person writes, by kind: the call that sends it, each field holding the given text. */
interface TextKind {
  kind: string;
  fields: string[];
  send(w: World, texts: Record<string, string>): Promise<Answer>;
  /** What the world keeps of the answer (the id later calls act on). */
  keep?(w: World, answer: Record<string, unknown>): void;
}

const CONTENT: TextKind[] = [
  {
    kind: "sign-up",
    fields: ["name", "generalArea", "phone"],
    send: (_w, t) =>
      call(
        "POST",
        "/auth/signup",
        {},
        { email: `signup-${crypto.randomUUID()}@example.com`, password: "a-good-secret-1", ...t },
      ),
  },
  {
    kind: "profile",
    fields: ["name", "generalArea", "phone"],
    send: (w, t) => call("PUT", "/user/profile", w.member, { name: "Mo", phone: null, generalArea: null, ...t }),
  },
  {
    kind: "group",
    fields: ["name"],
    send: (w, t) => call("POST", "/groups", w.owner, t),
    keep: (w, answer) => void (w.groupId = answer.id as string),
  },
  {
    kind: "group's description and rules",
    fields: ["description", "rules"],
    send: (w, t) => call("PUT", `/groups/${w.groupId}`, w.owner, t),
  },
  {
    // "Ask me first" with the phone asked for beside it (issue 43 §5), saved to the member's profile.
    kind: "request",
    fields: ["itemDescription", "storePreference", "pickupNotes", "phone"],
    send: (w, t) =>
      call("POST", "/requests", w.member, {
        itemDescription: "Milk",
        groupId: w.groupId,
        neededBy: isoHoursAfter(app.clock, 72),
        ifUnavailable: "ask",
        phone: "020 7946 0001",
        ...t,
      }),
    keep: (w, answer) => void (w.requestId = answer.id as string),
  },
  {
    kind: "repeating request",
    fields: ["itemDescription", "storePreference", "pickupNotes"],
    send: (w, t) =>
      call("POST", "/requests", w.member, {
        itemDescription: "Bread",
        groupId: w.groupId,
        neededBy: isoHoursAfter(app.clock, 72),
        repeat: { every: "week" },
        ...t,
      }),
    keep: (w, answer) => void (w.seriesId = answer.seriesId as string),
  },
  {
    kind: "repeating request's change",
    fields: ["itemDescription", "storePreference", "pickupNotes", "phone"],
    send: (w, t) =>
      call("PUT", `/request-series/${w.seriesId}`, w.member, { ifUnavailable: "ask", phone: "020 7946 0001", ...t }),
  },
  {
    kind: "neighbour without the app",
    fields: ["name", "phone", "generalArea", "howToReach"],
    send: (w, t) =>
      call("POST", `/groups/${w.groupId}/offline-members`, w.member, {
        name: "Mrs. Okafor",
        phone: "020 7946 0000",
        ...t,
      }),
    keep: (w, answer) => void (w.offlineId = answer.id as string),
  },
  {
    kind: "request for a neighbour without the app",
    fields: ["itemDescription", "storePreference", "pickupNotes"],
    send: (w, t) =>
      call("POST", "/requests", w.member, {
        itemDescription: "Soup",
        groupId: w.groupId,
        neededBy: isoHoursAfter(app.clock, 72),
        onBehalfOf: w.offlineId,
        ...t,
      }),
    keep: (w, answer) => void (w.forNeighbourRequestId = answer.id as string),
  },
  {
    kind: "trip",
    fields: ["store", "note"],
    send: (w, t) =>
      call("POST", "/trips", w.owner, {
        groupIds: [w.groupId],
        store: "Aldi",
        departsAt: isoHoursAfter(app.clock, 72),
        ...t,
      }),
    keep: (w, answer) => void (w.tripId = answer.id as string),
  },
  {
    kind: "trip item",
    fields: ["itemDescription", "pickupNotes", "phone"],
    send: (w, t) =>
      call("POST", `/trips/${w.tripId}/items`, w.member, {
        itemDescription: "Oats",
        ifUnavailable: "ask",
        phone: "020 7946 0001",
        ...t,
      }),
    keep: (w, answer) => void (w.itemId = answer.id as string),
  },
  {
    kind: "report",
    fields: ["note"],
    send: (w, t) =>
      call("POST", "/reports", w.helper, {
        subject: { requestId: w.requestId },
        groupId: w.groupId,
        category: "other",
        ...t,
      }),
    keep: (w, answer) => void (w.reportId = answer.id as string),
  },
  {
    kind: "feedback",
    fields: ["name", "message"],
    send: (w, t) => call("POST", "/feedback", w.helper, { email: "hal@example.com", message: "Thanks", ...t }),
  },
  {
    kind: "invitation's resend",
    fields: ["inviterName", "groupName"],
    // Found by its address and its group's name (which holds the same text); the inviter's name is not read.
    send: (w, t) => call("POST", "/send-invitation", w.owner, { recipientEmail: w.newcomerEmail, ...t }),
  },
];

/** An owner's and an admin's reasons: given last, as they end what the others act on. */
const MODERATION: TextKind[] = [
  {
    // By then the helper owns the group (the street's owner handed it over and was removed).
    kind: "owner's removal of a reported request",
    fields: ["reason"],
    send: (w, t) => call("DELETE", `/reports/${w.reportId}/request`, w.helper, t),
  },
  {
    kind: "removal of a request",
    fields: ["reason"],
    send: (w, t) => call("DELETE", `/admin/requests/${w.requestId}`, admin, t),
  },
  {
    kind: "suspension",
    fields: ["reason"],
    send: (w, t) => call("POST", `/admin/users/${w.ids.member}/suspend`, admin, { reason: "Spam", ...t }),
  },
  {
    kind: "reinstatement",
    fields: ["reason"],
    send: (w, t) => call("POST", `/admin/users/${w.ids.member}/reinstate`, admin, t),
  },
  {
    kind: "removal of a group",
    fields: ["reason"],
    send: (w, t) => call("DELETE", `/admin/groups/${w.groupId}`, admin, t),
  },
];

const textsOf = (kind: TextKind, text: string) => Object.fromEntries(kind.fields.map((field) => [field, text]));

/** Sends a kind's every field holding `text`: each is accepted but a phone number, which its own rule refuses. */
async function sendAll(w: World, kind: TextKind, text: string) {
  const texts = textsOf(kind, text);
  if (kind.fields.includes("phone")) {
    expect(await kind.send(w, texts)).toMatchObject({ status: 400, body: { error: messages.invalidPhoneFormat } });
    delete texts.phone;
  }
  const answer = await done(kind.send(w, texts));
  kind.keep?.(w, answer);
}

/** An owner, a member and a helper in a group, and a newcomer invited to it; then every kind of content, written with `text`. */
async function street(text: string): Promise<World> {
  const [owner, member, helper, newcomer] = await quickAccounts(app.db, app.clock.now(), 4, "street");
  const bearer = (account: { token: string }) => ({ authorization: `Bearer ${account.token}` });
  const w: World = {
    owner: bearer(owner!),
    member: bearer(member!),
    helper: bearer(helper!),
    newcomerEmail: newcomer!.email,
    ids: { owner: owner!.user.id, member: member!.user.id, helper: helper!.user.id },
    // Filled in as the content is written (TextKind.keep).
    groupId: "",
    requestId: "",
    seriesId: "",
    tripId: "",
    itemId: "",
    offlineId: "",
    forNeighbourRequestId: "",
    reportId: "",
  };
  for (const who of [w.owner, w.member, w.helper])
    await done(call("PUT", "/user/email-preferences", who, { frequency: who === w.helper ? "daily" : "immediate" }));
  await done(call("PUT", "/user/profile", w.owner, { name: `Olive ${text}`, phone: null, generalArea: text }));
  for (const kind of CONTENT) {
    await sendAll(w, kind, text);
    if (kind.kind === "group") {
      for (const [who, email] of [
        [w.member, member!.email],
        [w.helper, helper!.email],
      ] as const) {
        const invite = await done(call("POST", "/invites", w.owner, { groupId: w.groupId, email }));
        await done(call("POST", `/invites/${invite.token as string}/join`, who, { acceptRules: true }));
      }
      await done(call("POST", "/invites", w.owner, { groupId: w.groupId, email: w.newcomerEmail }));
    }
  }
  return w;
}

describe("text is data (issue 38)", () => {
  it.each([
    ["`\\u0000`, six characters", "\\u0000"],
    ["`\\x00`, four characters", "\\x00"],
  ])(
    "%s in every text field: stored as typed, and every action of others on it answers below 500",
    async (_, typed) => {
      const text = `Evil ${typed}`;
      const mailedBefore = app.transport.sent.length;
      const w = await street(text);
      const request = await done(call("GET", `/requests/${w.requestId}`, w.helper));
      expect(request).toMatchObject({
        itemDescription: text,
        storePreference: text,
        pickupNotes: text,
        groupName: text,
      });

      // The neighbour without the app as typed, to the member who added them; their request claimed,
      // fulfilled and thanked for: the notices "for" them and the thanks "from" them name them as typed.
      const [neighbour] = (await done(call("GET", `/groups/${w.groupId}/offline-members`, w.member))) as unknown as [
        Record<string, unknown>,
      ];
      expect(neighbour).toMatchObject({ name: text, generalArea: text, howToReach: text });
      await done(call("POST", `/requests/${w.forNeighbourRequestId}/claim`, w.helper));
      const forNeighbour = await done(call("GET", `/requests/${w.forNeighbourRequestId}`, w.helper));
      expect(forNeighbour).toMatchObject({
        onBehalfOf: { name: text },
        contact: { neighbour: { name: text, generalArea: text, howToReach: text } },
      });
      await done(call("POST", `/requests/${w.forNeighbourRequestId}/fulfill`, w.helper));
      await done(call("POST", `/requests/${w.forNeighbourRequestId}/thank`, w.member));

      // Others act on it: claim, the daily summary, a trip delivered and another cancelled, a request deleted.
      await done(call("POST", `/requests/${w.requestId}/claim`, w.helper));
      await done(call("POST", `/trips/${w.tripId}/close`, w.owner));
      await done(call("POST", `/trips/${w.tripId}/items/${w.itemId}/mark`, w.owner, { state: "got" }));
      await done(call("POST", `/trips/${w.tripId}/neighbours/${w.ids.member}/deliver`, w.owner));
      const trip = CONTENT.find((kind) => kind.kind === "trip")!;
      const item = CONTENT.find((kind) => kind.kind === "trip item")!;
      await sendAll(w, trip, text);
      await sendAll(w, item, text);
      await done(call("POST", `/trips/${w.tripId}/cancel`, w.owner));
      const request2 = CONTENT.find((kind) => kind.kind === "request")!;
      await sendAll(w, request2, text);
      await done(call("POST", `/requests/${w.requestId}/claim`, w.helper));
      await done(call("DELETE", `/requests/${w.requestId}`, w.member));
      await sendAll(w, request2, text);
      // Invited, handed over, removed.
      await done(call("POST", `/groups/${w.groupId}/transfer`, w.owner, { userId: w.ids.helper }));
      await done(call("DELETE", `/groups/${w.groupId}/members/${w.ids.owner}`, w.helper));
      await done(
        call("POST", "/invites", w.helper, { groupId: w.groupId, email: `friend-${w.ids.helper}@example.com` }),
      );
      app.clock.advance(24 * HOUR_MS);
      await app.services.notifications.runDailyDigest({
        slot: latestDigestSlot(app.clock.now(), { hour: 8, timeZone: "UTC" }),
      });
      // And the weekly summary (issue 41), which names the group, its people and their requests.
      await done(call("PUT", "/user/email-preferences", w.helper, { frequency: "weekly" }));
      const weekly = await app.services.notifications.runWeeklySummary({ slot: app.clock.now() });
      expect(weekly.sent).toBeGreaterThan(0);
      // A month without a visit: what the group did (issue 41 §5), its name and its members' as typed.
      const monthAgo = new Date(app.clock.now().getTime() - 31 * DAY_MS);
      await app.db.update(users).set({ lastActiveAt: monthAgo });
      await app.db.update(groupMembers).set({ joinedAt: monthAgo });
      expect((await app.services.notifications.runWhileAwayNotices()).sent).toBeGreaterThan(0);
      for (const kind of MODERATION) await sendAll(w, kind, text);
      await deliverAllEmails(app);

      // Every e-mail that names any of it names it as typed: "Evil" is never followed by anything else.
      const mails = app.transport.sent.slice(mailedBefore).map((mail) => `${mail.subject}\n${mail.text}\n${mail.html}`);
      expect(mails.filter((mail) => mail.includes(text)).length).toBeGreaterThan(10);
      // The weekly summary welcomes a new member by first name, the name's first word: "Evil" is that,
      // cut at the space as typed, not decoded (the rest never appears alone).
      const asTyped = (mail: string) => mail.replaceAll(text, "").replaceAll("New this week: Evil.", "");
      for (const mail of mails) expect(asTyped(mail)).not.toContain("Evil");
    },
  );

  it("a NUL in any text field of any kind is a 400 that says so", async () => {
    const w = await street("Plain");
    for (const kind of [...CONTENT, ...MODERATION])
      for (const field of kind.fields) {
        const answer = await kind.send(w, { [field]: "a\u0000b" });
        expect(answer, `${kind.kind}: ${field}`).toEqual({
          status: 400,
          body: { error: messages.unsupportedCharacters },
        });
      }
  });
});
