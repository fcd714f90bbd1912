import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Neighbours without the app over REST (issue 42 §1): 201 with the id, the list, DELETE answering 200 and
 * `{ ok: true }` as every removal here, the statuses of a refusal, and `onBehalfOf` on POST /requests.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("neighbours without the app over REST", () => {
  it("adds with 201, lists for members, posts for them, and removes; 400, 401, 403 and 404 as refusals", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, olga, groupId } = await street(app, { outsiders: ["olga"] });
    const path = `/api/groups/${groupId}/offline-members`;
    const added = await rest(app, bo, "POST", path, { name: "Mrs. Okafor", phone: "020 7946 0000" });
    expect(added.statusCode).toBe(201);
    const { id } = added.json() as { id: string };
    const listed = await rest(app, ann, "GET", path);
    expect([listed.statusCode, listed.json()]).toEqual([
      200,
      [
        expect.objectContaining({
          id,
          name: "Mrs. Okafor",
          phone: "020 7946 0000",
          contact: { id: bo.userId, name: expect.any(String) },
        }),
      ],
    ]);

    const noPhone = await rest(app, bo, "POST", path, { name: "Mr. Lee" });
    expect([noPhone.statusCode, noPhone.json()]).toEqual([400, { error: messages.phoneRequired }]);
    expect((await app.server.inject({ method: "GET", url: path })).statusCode).toBe(401);
    const stranger = await rest(app, olga, "GET", path);
    expect([stranger.statusCode, stranger.json()]).toEqual([403, { error: messages.notMember }]);

    const posted = await rest(app, ann, "POST", "/api/requests", {
      itemDescription: "Bread",
      groupId,
      neededBy: isoHoursAfter(app.clock, 24),
      onBehalfOf: id,
    });
    expect([posted.statusCode, (posted.json() as { onBehalfOf: unknown }).onBehalfOf]).toEqual([
      201,
      { id, name: "Mrs. Okafor" },
    ]);

    // A repeating request cannot be for them (issue 42 §1): its next times would be the poster's own.
    const repeating = await rest(app, ann, "POST", "/api/requests", {
      itemDescription: "Bread",
      groupId,
      neededBy: isoHoursAfter(app.clock, 24),
      onBehalfOf: id,
      repeat: { every: "week" },
    });
    expect([repeating.statusCode, repeating.json()]).toEqual([400, { error: messages.repeatNotForNeighbour }]);

    expect((await rest(app, bo, "DELETE", `${path}/${id}`)).json()).toEqual({ ok: true });
    const gone = await rest(app, bo, "DELETE", `${path}/${id}`);
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: messages.offlineNeighbourNotFound }]);
  });

  it("is in the OpenAPI document", async () => {
    app = await createTestApp();
    const paths = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(paths.paths["/api/groups/{id}/offline-members"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths.paths["/api/groups/{id}/offline-members/{offlineId}"] ?? {})).toEqual(["delete"]);
  });
});
