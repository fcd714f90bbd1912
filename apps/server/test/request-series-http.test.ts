import { DAY_MS } from "@hyn/core";
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { postAs, postRequest, rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { createTestApp, type TestApp } from "./test-app";

/** Repeating requests (issue 28 §2) over REST: the contract's fields, its refusal in three languages, OpenAPI. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

async function annAndBo() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  return street(app);
}

/** Ann's weekly oat milk in the group she shares with Bo, first needed in two days. */
async function weeklyOatMilk() {
  const { ann, groupId } = await annAndBo();
  const posted = await postRequest(app, ann, {
    groupId,
    itemDescription: "Oat milk",
    neededBy: isoHoursAfter(app.clock, 48),
    repeat: { every: "week" },
  });
  return { ann, groupId, seriesId: (posted.json() as { seriesId: string }).seriesId };
}

describe("repeating requests over REST", () => {
  it("posts with repeat (201, seriesId), reads, skips, takes and stops the series", async () => {
    const { ann, bo, groupId } = await annAndBo();
    const posted = await postRequest(app, ann, {
      groupId,
      itemDescription: "Oat milk",
      repeat: { every: "2weeks" },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const first = posted.json() as { id: string; seriesId: string; repeats: string; neededBy: string };
    expect(first).toMatchObject({ repeats: "2weeks", seriesId: expect.any(String) });

    // The spec's clients post as before: no repeat, no series.
    const single = await postRequest(app, ann, {
      groupId,
      itemDescription: "Tea",
    });
    expect(single.json()).toMatchObject({ seriesId: null, repeats: null });

    const read = await rest(app, bo, "GET", `/api/request-series/${first.seriesId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ every: "2weeks", current: { id: first.id } });

    const skipped = await postAs(app, ann, `/api/request-series/${first.seriesId}/skip`, { requestId: first.id });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const next = (skipped.json() as { current: { id: string; neededBy: string } }).current;
    expect(new Date(next.neededBy).getTime() - new Date(first.neededBy).getTime()).toBe(14 * DAY_MS);
    // The same skip again (a double tap, a retry) finds it skipped: 200, and the next one stays.
    const again = await postAs(app, ann, `/api/request-series/${first.seriesId}/skip`, { requestId: first.id });
    expect([again.statusCode, (again.json() as { current: { id: string } }).current.id]).toEqual([200, next.id]);

    const taken = await postAs(app, bo, `/api/request-series/${first.seriesId}/take`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ current: { id: next.id, status: "claimed" } });

    const stopped = await rest(app, ann, "DELETE", `/api/request-series/${first.seriesId}`);
    expect([stopped.statusCode, stopped.json()]).toEqual([200, { ok: true }]);
    const after = await rest(app, ann, "GET", `/api/requests/${next.id}`);
    // Taken by Bo, it stays to be finished; it no longer repeats.
    expect(after.json()).toMatchObject({ status: "claimed", repeats: null });
  });

  it("refuses an end date before the first needed-by time with a 400 in three languages", async () => {
    const { ann, groupId } = await annAndBo();
    for (const [lang, text] of [
      ["en", messages.repeatUntilBeforeFirst],
      ["es", "La fecha de fin de la repetición no puede ser anterior a la primera fecha límite"],
      ["de", "Das Enddatum der Wiederholung darf nicht vor dem ersten „Benötigt bis“ liegen"],
    ] as const) {
      const refused = await postRequest(
        app,
        ann,
        {
          groupId,
          itemDescription: "Oat milk",
          neededBy: isoHoursAfter(app.clock, 48),
          repeat: { every: "week", until: isoHoursAfter(app.clock, 24) },
        },
        { "accept-language": lang },
      );
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: text }]);
    }
  });

  it("edits the series' end date by PUT, refusing one before the first needed-by time in three languages", async () => {
    const { ann, seriesId } = await weeklyOatMilk();
    for (const [lang, text] of [
      ["en", messages.repeatUntilBeforeFirst],
      ["es", "La fecha de fin de la repetición no puede ser anterior a la primera fecha límite"],
      ["de", "Das Enddatum der Wiederholung darf nicht vor dem ersten „Benötigt bis“ liegen"],
    ] as const) {
      const refused = await rest(
        app,
        ann,
        "PUT",
        `/api/request-series/${seriesId}`,
        { until: isoHoursAfter(app.clock, 24) },
        { "accept-language": lang },
      );
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: text }]);
    }
    const until = isoHoursAfter(app.clock, 50);
    const edited = await rest(app, ann, "PUT", `/api/request-series/${seriesId}`, {
      itemDescription: "Oat milk, 2 litres",
      until,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ itemDescription: "Oat milk, 2 litres", until, nextNeededBy: null });
  });

  it("refuses an end date beyond the year 9999 with the field's 400, where it was a 500 (issue 38)", async () => {
    const { ann, groupId, seriesId } = await weeklyOatMilk();
    for (const until of ["10000-01-01", "+275760-09-13", "9999-12-31T23:59:59.999-01:00"]) {
      const edited = await rest(app, ann, "PUT", `/api/request-series/${seriesId}`, { until });
      expect([edited.statusCode, edited.json()], until).toEqual([400, { error: messages.repeatUntilTooFar }]);
      const repeating = await postRequest(app, ann, {
        groupId,
        itemDescription: "Tea",
        neededBy: isoHoursAfter(app.clock, 48),
        repeat: { every: "week", until },
      });
      expect([repeating.statusCode, repeating.json()], until).toEqual([400, { error: messages.repeatUntilTooFar }]);
    }
    // The last moment of 9999 is still a date the series may end by.
    const latest = await rest(app, ann, "PUT", `/api/request-series/${seriesId}`, {
      until: "9999-12-31T23:59:59.999Z",
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
