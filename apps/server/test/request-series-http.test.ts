import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

/** Repeating requests (issue 28 §2) over REST: the contract's fields, its refusal in three languages, OpenAPI. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function street() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  const ann = await bearerFor(app, "ann@example.com");
  const bo = await bearerFor(app, "bo@example.com");
  const group = (
    await app.server.inject({ method: "POST", url: "/api/groups", headers: ann.headers, payload: { name: "Elm" } })
  ).json() as { id: string };
  const invite = (
    await app.server.inject({
      method: "POST",
      url: "/api/invites",
      headers: ann.headers,
      payload: { groupId: group.id, email: "bo@example.com" },
    })
  ).json() as { token: string };
  await app.server.inject({ method: "POST", url: `/api/invites/${invite.token}/join`, headers: bo.headers });
  return { ann, bo, group };
}

describe("repeating requests over REST", () => {
  it("posts with repeat (201, seriesId), reads, skips, takes and stops the series", async () => {
    const { ann, bo, group } = await street();
    const posted = await app.server.inject({
      method: "POST",
      url: "/api/requests",
      headers: ann.headers,
      payload: { groupId: group.id, itemDescription: "Oat milk", neededBy: inHours(24), repeat: { every: "2weeks" } },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const first = posted.json() as { id: string; seriesId: string; repeats: string; neededBy: string };
    expect(first).toMatchObject({ repeats: "2weeks", seriesId: expect.any(String) });

    // The spec's clients post as before: no repeat, no series.
    const single = await app.server.inject({
      method: "POST",
      url: "/api/requests",
      headers: ann.headers,
      payload: { groupId: group.id, itemDescription: "Tea", neededBy: inHours(24) },
    });
    expect(single.json()).toMatchObject({ seriesId: null, repeats: null });

    const read = await app.server.inject({
      method: "GET",
      url: `/api/request-series/${first.seriesId}`,
      headers: bo.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ every: "2weeks", current: { id: first.id } });

    const skipped = await app.server.inject({
      method: "POST",
      url: `/api/request-series/${first.seriesId}/skip`,
      headers: ann.headers,
      payload: { requestId: first.id },
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const next = (skipped.json() as { current: { id: string; neededBy: string } }).current;
    expect(new Date(next.neededBy).getTime() - new Date(first.neededBy).getTime()).toBe(14 * 24 * 3_600_000);
    // The same skip again (a double tap, a retry) finds it skipped: 200, and the next one stays.
    const again = await app.server.inject({
      method: "POST",
      url: `/api/request-series/${first.seriesId}/skip`,
      headers: ann.headers,
      payload: { requestId: first.id },
    });
    expect([again.statusCode, (again.json() as { current: { id: string } }).current.id]).toEqual([200, next.id]);

    const taken = await app.server.inject({
      method: "POST",
      url: `/api/request-series/${first.seriesId}/take`,
      headers: bo.headers,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ current: { id: next.id, status: "claimed" } });

    const stopped = await app.server.inject({
      method: "DELETE",
      url: `/api/request-series/${first.seriesId}`,
      headers: ann.headers,
    });
    expect([stopped.statusCode, stopped.json()]).toEqual([200, { ok: true }]);
    const after = await app.server.inject({ method: "GET", url: `/api/requests/${next.id}`, headers: ann.headers });
    // Taken by Bo, it stays to be finished; it no longer repeats.
    expect(after.json()).toMatchObject({ status: "claimed", repeats: null });
  });

  it("refuses an end date before the first needed-by time with a 400 in three languages", async () => {
    const { ann, group } = await street();
    for (const [lang, text] of [
      ["en", messages.repeatUntilBeforeFirst],
      ["es", "La fecha de fin de la repetición no puede ser anterior a la primera fecha límite"],
      ["de", "Das Enddatum der Wiederholung darf nicht vor dem ersten „Benötigt bis“ liegen"],
    ] as const) {
      const refused = await app.server.inject({
        method: "POST",
        url: "/api/requests",
        headers: { ...ann.headers, "accept-language": lang },
        payload: {
          groupId: group.id,
          itemDescription: "Oat milk",
          neededBy: inHours(48),
          repeat: { every: "week", until: inHours(24) },
        },
      });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: text }]);
    }
  });

  it("edits the series' end date by PUT, refusing one before the first needed-by time in three languages", async () => {
    const { ann, group } = await street();
    const posted = await app.server.inject({
      method: "POST",
      url: "/api/requests",
      headers: ann.headers,
      payload: { groupId: group.id, itemDescription: "Oat milk", neededBy: inHours(48), repeat: { every: "week" } },
    });
    const { seriesId } = posted.json() as { seriesId: string };
    for (const [lang, text] of [
      ["en", messages.repeatUntilBeforeFirst],
      ["es", "La fecha de fin de la repetición no puede ser anterior a la primera fecha límite"],
      ["de", "Das Enddatum der Wiederholung darf nicht vor dem ersten „Benötigt bis“ liegen"],
    ] as const) {
      const refused = await app.server.inject({
        method: "PUT",
        url: `/api/request-series/${seriesId}`,
        headers: { ...ann.headers, "accept-language": lang },
        payload: { until: inHours(24) },
      });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: text }]);
    }
    const until = inHours(50);
    const edited = await app.server.inject({
      method: "PUT",
      url: `/api/request-series/${seriesId}`,
      headers: ann.headers,
      payload: { itemDescription: "Oat milk, 2 litres", until },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ itemDescription: "Oat milk, 2 litres", until, nextNeededBy: null });
  });

  it("refuses an end date beyond the year 9999 with the field's 400, where it was a 500 (issue 38)", async () => {
    const { ann, group } = await street();
    const posted = await app.server.inject({
      method: "POST",
      url: "/api/requests",
      headers: ann.headers,
      payload: { groupId: group.id, itemDescription: "Oat milk", neededBy: inHours(48), repeat: { every: "week" } },
    });
    const { seriesId } = posted.json() as { seriesId: string };
    for (const until of ["10000-01-01", "+275760-09-13", "9999-12-31T23:59:59.999-01:00"]) {
      const edited = await app.server.inject({
        method: "PUT",
        url: `/api/request-series/${seriesId}`,
        headers: ann.headers,
        payload: { until },
      });
      expect([edited.statusCode, edited.json()], until).toEqual([400, { error: messages.repeatUntilTooFar }]);
      const repeating = await app.server.inject({
        method: "POST",
        url: "/api/requests",
        headers: ann.headers,
        payload: { groupId: group.id, itemDescription: "Tea", neededBy: inHours(48), repeat: { every: "week", until } },
      });
      expect([repeating.statusCode, repeating.json()], until).toEqual([400, { error: messages.repeatUntilTooFar }]);
    }
    // The last moment of 9999 is still a date the series may end by.
    const latest = await app.server.inject({
      method: "PUT",
      url: `/api/request-series/${seriesId}`,
      headers: ann.headers,
      payload: { until: "9999-12-31T23:59:59.999Z" },
    });
    expect(latest.statusCode, latest.body).toBe(200);
  });

  it("the OpenAPI document has every series route", async () => {
    app = await createTestApp();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/request-series/{id}"]!).sort()).toEqual(["delete", "get", "put"]);
    for (const path of ["skip", "take", "release"])
      expect(doc.paths[`/api/request-series/{id}/${path}`]!.post).toBeDefined();
  });
});
