import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { rest } from "./support/rest";
import { street } from "./support/street";
import { batchUrl, bearerFor, createTestApp, type TestApp } from "./test-app";

/** Issue 15 over REST: the notification preferences' routes, their 400s and 404s, and the OpenAPI document. */

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const PREFERENCES = "/api/user/notification-preferences";

async function signedUpWithGroup() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  return street(app, { members: [] });
}

describe("the notification preferences over REST", () => {
  it("reads everything, switches a kind's channel and sets a group's frequency", async () => {
    const { ann, groupId } = await signedUpWithGroup();
    const read = await app.server.inject({ method: "GET", url: PREFERENCES, headers: ann.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      profileFrequency: "disabled",
      groups: [{ groupId, groupName: "Elm Street", frequency: null, effective: "off" }],
    });
    expect(read.json().kinds).toContainEqual({ kind: "invitations", email: true, push: true });

    const kind = await app.server.inject({
      method: "PUT",
      url: `${PREFERENCES}/kinds/invitations`,
      headers: ann.headers,
      payload: { email: false },
    });
    expect([kind.statusCode, kind.json()]).toEqual([200, { kind: "invitations", email: false, push: true }]);

    const group = await app.server.inject({
      method: "PUT",
      url: `${PREFERENCES}/groups/${groupId}`,
      headers: ann.headers,
      payload: { frequency: "immediate" },
    });
    expect([group.statusCode, group.json()]).toEqual([
      200,
      { groupId, groupName: "Elm Street", frequency: "immediate", effective: "immediate" },
    ]);
    const back = await app.server.inject({
      method: "PUT",
      url: `${PREFERENCES}/groups/${groupId}`,
      headers: ann.headers,
      payload: { frequency: null },
    });
    expect(back.json()).toMatchObject({ frequency: null, effective: "off" });

    // The spec's route is untouched: the profile's frequency still lives there.
    const old = await rest(app, ann, "PUT", "/api/user/email-preferences", { frequency: "daily" });
    expect(old.statusCode).toBe(200);
    expect(Object.keys(old.json()).sort()).toEqual([
      "createdAt",
      "frequency",
      "lastDailySent",
      "lastWeeklySent",
      "updatedAt",
      "userId",
    ]);
    const after = await app.server.inject({ method: "GET", url: PREFERENCES, headers: ann.headers });
    expect(after.json()).toMatchObject({
      profileFrequency: "daily",
      groups: [{ frequency: null, effective: "daily" }],
    });
  });

  it("takes Weekly as the profile's frequency and as a group's own (issue 41)", async () => {
    const { ann, groupId } = await signedUpWithGroup();
    const profile = await rest(app, ann, "PUT", "/api/user/email-preferences", { frequency: "weekly" });
    expect([profile.statusCode, profile.json()]).toMatchObject([
      200,
      { frequency: "weekly", lastDailySent: null, lastWeeklySent: null },
    ]);
    expect((await rest(app, ann, "GET", "/api/user/email-preferences")).json()).toMatchObject({ frequency: "weekly" });
    const read = await app.server.inject({ method: "GET", url: PREFERENCES, headers: ann.headers });
    expect(read.json()).toMatchObject({
      profileFrequency: "weekly",
      groups: [{ groupId, frequency: null, effective: "weekly" }],
    });
    // A group of its own on Weekly while the profile says Immediate.
    await rest(app, ann, "PUT", "/api/user/email-preferences", { frequency: "immediate" });
    const group = await app.server.inject({
      method: "PUT",
      url: `${PREFERENCES}/groups/${groupId}`,
      headers: ann.headers,
      payload: { frequency: "weekly" },
    });
    expect([group.statusCode, group.json()]).toEqual([
      200,
      { groupId, groupName: "Elm Street", frequency: "weekly", effective: "weekly" },
    ]);
    const wrong = await rest(app, ann, "PUT", "/api/user/email-preferences", { frequency: "monthly" });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { error: "Frequency must be one of disabled, weekly, daily, immediate" },
    ]);
  });

  it("answers bad kinds, channels and frequencies with 400, another's group with 404, and no session with 401", async () => {
    const { ann, groupId } = await signedUpWithGroup();
    const bo = await bearerFor(app, "bo@example.com");
    const put = (url: string, payload: unknown, headers: Record<string, string> = ann.headers) =>
      app.server.inject({ method: "PUT", url, headers, payload: payload as object });
    const answer = async (response: ReturnType<typeof put>) => {
      const r = await response;
      return [r.statusCode, r.json()];
    };

    expect(await answer(put(`${PREFERENCES}/kinds/gossip`, { email: false }))).toEqual([
      400,
      { error: messages.notificationKindInvalid },
    ]);
    expect(await answer(put(`${PREFERENCES}/kinds/thanks`, { sms: true }))).toEqual([
      400,
      { error: messages.notificationChannelInvalid },
    ]);
    expect(await answer(put(`${PREFERENCES}/kinds/thanks`, { push: "off" }))).toEqual([
      400,
      { error: messages.notificationChannelInvalid },
    ]);
    expect(await answer(put(`${PREFERENCES}/kinds/thanks`, {}))).toEqual([
      400,
      { error: messages.notificationChannelMissing },
    ]);
    expect(await answer(put(`${PREFERENCES}/groups/${groupId}`, { frequency: "hourly" }))).toEqual([
      400,
      { error: messages.groupFrequencyInvalid },
    ]);
    expect(await answer(put(`${PREFERENCES}/groups/${groupId}`, {}))).toEqual([
      400,
      { error: messages.groupFrequencyInvalid },
    ]);
    expect(await answer(put(`${PREFERENCES}/groups/${groupId}`, { frequency: "off" }, bo.headers))).toEqual([
      404,
      { error: messages.groupNotFound },
    ]);
    // A malformed id is refused as by every group route: it cannot name a group.
    expect(await answer(put(`${PREFERENCES}/groups/not-a-group`, { frequency: "off" }))).toEqual([
      400,
      { error: messages.groupNotFound },
    ]);
    expect(await answer(put(`${PREFERENCES}/kinds/thanks`, { email: false }, {}))).toEqual([
      401,
      { error: messages.noAuthenticatedUser },
    ]);
    const anonymous = await app.server.inject({ method: "GET", url: PREFERENCES });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers the Groups page's batch of six queries, the preferences among them, in one call", async () => {
    const { ann } = await signedUpWithGroup();
    const procedures = [
      "limits.withCounts",
      "invitations.pending",
      "invitations.outgoing",
      "groups.list",
      "invitations.count",
      "user.notificationPreferences",
    ];
    const batch = await rest(app, ann, "GET", batchUrl(procedures.map((path) => ({ path }))));
    expect(batch.statusCode).toBe(200);
    expect((batch.json() as unknown[]).length).toBe(procedures.length);
  });

  it("lists the routes in the OpenAPI document with their bodies", async () => {
    app = await createTestApp();
    const document = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(document.paths[PREFERENCES].get.operationId).toBe("user_notificationPreferences");
    const kind = document.paths[`${PREFERENCES}/kinds/{kind}`].put;
    expect(kind.parameters).toEqual([{ name: "kind", in: "path", required: true, schema: { type: "string" } }]);
    expect(Object.keys(kind.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "email",
      "push",
    ]);
    const group = document.paths[`${PREFERENCES}/groups/{groupId}`].put;
    expect(Object.keys(group.requestBody.content["application/json"].schema.properties)).toEqual(["frequency"]);
    expect(group.responses["200"].content["application/json"].schema.properties.effective.enum).toEqual([
      "immediate",
      "daily",
      "weekly",
      "off",
    ]);
  });

  it('turns resting off and on ("Always tell me at once", issue 41 §2), answers a non-boolean with 400', async () => {
    const { ann } = await signedUpWithGroup();
    const put = (payload: object) =>
      app.server.inject({ method: "PUT", url: `${PREFERENCES}/at-once`, headers: ann.headers, payload });
    const on = await put({ alwaysAtOnce: true });
    expect([on.statusCode, on.json()]).toEqual([200, { alwaysAtOnce: true }]);
    const read = await app.server.inject({ method: "GET", url: PREFERENCES, headers: ann.headers });
    expect(read.json().alwaysAtOnce).toBe(true);
    const bad = await put({ alwaysAtOnce: "yes" });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: messages.alwaysAtOnceInvalid }]);
    const off = await put({ alwaysAtOnce: false });
    expect(off.json()).toEqual({ alwaysAtOnce: false });
    const anonymous = await app.server.inject({
      method: "PUT",
      url: `${PREFERENCES}/at-once`,
      payload: { alwaysAtOnce: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a helper's own month at GET /api/user/month", async () => {
    const { ann } = await signedUpWithGroup();
    const month = await app.server.inject({ method: "GET", url: "/api/user/month", headers: ann.headers });
    expect(month.statusCode).toBe(200);
    expect(month.json()).toMatchObject({ neighboursHelped: 0, requestsFulfilled: 0 });
    expect(month.json().since).toMatch(/^\d{4}-\d{2}-01T/);
    expect((await app.server.inject({ method: "GET", url: "/api/user/month" })).statusCode).toBe(401);
  });
});
