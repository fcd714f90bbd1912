import superjson from "superjson";
import { afterEach, describe, expect, it } from "vitest";
import { rest } from "./support/rest";
import { street } from "./support/street";
import { createTestApp, type Bearer, type TestApp } from "./test-app";

/**
 * Issue 43 §3: a member can hide their address from the other members. Every read of members and users, over
 * REST and tRPC, then leaves it out for anyone but themself and the owner of their group: not sent at all.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const trpcGet = (who: Bearer, procedure: string, input: object) =>
  rest(
    app,
    who,
    "GET",
    `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`,
  );

describe("an address hidden from other members", () => {
  it("is kept by the profile, and reaches only its owner and the group's owner over REST and tRPC", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, cy, groupId } = await street(app, { members: ["bo", "cy"] });
    // Visible by default, as the spec's member list shows.
    const before = await rest(app, cy, "GET", `/api/groups/${groupId}/members`);
    expect(before.body).toContain("bo@example.com");

    const saved = await rest(app, bo, "PUT", "/api/user/profile", {
      name: "bo",
      phone: null,
      generalArea: null,
      emailHidden: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: "bo@example.com", emailHidden: true });
    // A profile saved without the setting keeps it.
    await rest(app, bo, "PUT", "/api/user/profile", { name: "Bo", phone: null, generalArea: null });
    expect((await rest(app, bo, "GET", "/api/user/current")).json()).toMatchObject({ emailHidden: true });

    const reads = (who: Bearer) => [
      rest(app, who, "GET", `/api/groups/${groupId}/members`),
      rest(app, who, "GET", `/api/user/${bo.userId}`),
      rest(app, who, "POST", "/api/users/batch", { userIds: [bo.userId] }),
      trpcGet(who, "groups.members", { groupId }),
      trpcGet(who, "user.byId", { id: bo.userId }),
      trpcGet(who, "user.batch", { userIds: [bo.userId] }),
    ];
    for (const response of await Promise.all(reads(cy))) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain("bo@example.com");
    }
    const members = (await rest(app, cy, "GET", `/api/groups/${groupId}/members`)).json() as {
      name: string;
      email: string | null;
    }[];
    expect(members.map((m) => [m.name, m.email]).sort()).toEqual([
      ["Bo", null],
      ["ann", "ann@example.com"],
      ["cy", "cy@example.com"],
    ]);
    for (const who of [ann, bo]) {
      for (const response of await Promise.all(reads(who))) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain("bo@example.com");
      }
    }
  });
});
