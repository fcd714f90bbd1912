import { HOUR_MS } from "@hyn/core";
import { requests } from "@hyn/db";
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { street } from "./support/street";
import { createTestApp, type Bearer, type TestApp } from "./test-app";

/** REST request lists in pages (issue 13, ADR 0014): `?limit=`, `?cursor=` and the `Link` header. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type Who = Bearer;

/** Ann and Bo in a group, Bo with `finished` fulfilled requests posted one an hour going back. */
async function streetWithHistory(finished: number) {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  const { ann, bo, groupId } = await street(app);
  const now = app.clock.now().getTime();
  await app.db.insert(requests).values(
    Array.from({ length: finished }, (_, i) => ({
      userId: bo.userId,
      groupId,
      itemDescription: `Past ${i}`,
      neededBy: new Date(now - (i + 1) * HOUR_MS),
      status: "fulfilled" as const,
      claimedBy: ann.userId,
      fulfilledAt: new Date(now - (i + 1) * HOUR_MS),
      createdAt: new Date(now - (i + 2) * HOUR_MS),
    })),
  );
  return { ann, bo, groupId };
}

const get = (who: Who, url: string) => app.server.inject({ method: "GET", url, headers: who.headers });

/** The target of a `Link: <target>; rel="next"` header. */
function nextOf(link: string | string[] | number | undefined): string | null {
  if (link === undefined) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match) throw new Error(`not a next link: ${String(link)}`);
  return match[1]!;
}

describe("REST request lists in pages", () => {
  it("give fifty finished requests by default, the next page in a Link header, and every request once", async () => {
    const { bo, groupId } = await streetWithHistory(120);
    for (const [start, total] of [
      [`/api/groups/${groupId}/requests`, 120],
      ["/api/user/requests", 120],
    ] as const) {
      const first = await get(bo, start);
      expect(first.statusCode).toBe(200);
      // The body is still the spec's list.
      expect(Array.isArray(first.json())).toBe(true);
      expect(first.json()).toHaveLength(50);
      const seen: string[] = [];
      let response = first;
      for (;;) {
        seen.push(...(response.json() as { id: string }[]).map((r) => r.id));
        const next = nextOf(response.headers.link);
        if (!next) break;
        expect(next.startsWith(start.split("?")[0]!)).toBe(true);
        response = await get(bo, next);
        expect(response.statusCode).toBe(200);
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    }
  });

  it("keep the limit asked for in the next page's link", async () => {
    const { bo, groupId } = await streetWithHistory(7);
    const first = await get(bo, `/api/groups/${groupId}/requests?limit=3`);
    expect(first.json()).toHaveLength(3);
    const second = await get(bo, nextOf(first.headers.link)!);
    expect(nextOf(first.headers.link)).toMatch(/[?&]limit=3(&|$)/);
    expect(second.json()).toHaveLength(3);
    const third = await get(bo, nextOf(second.headers.link)!);
    expect(third.json()).toHaveLength(1);
    expect(third.headers.link).toBeUndefined();
  });

  it("refuse a bad limit or cursor with a 400 and a clear message", async () => {
    const { bo, groupId } = await streetWithHistory(1);
    for (const list of ["/api/user/requests", `/api/groups/${groupId}/requests`]) {
      for (const limit of ["0", "101", "abc", "1.5", "-1", "", "1e9"]) {
        const response = await get(bo, `${list}?limit=${encodeURIComponent(limit)}`);
        expect([limit, response.statusCode, response.json()]).toEqual([
          limit,
          400,
          { error: messages.pageLimitInvalid },
        ]);
      }
      const twice = await get(bo, `${list}?limit=5&limit=6`);
      expect([twice.statusCode, twice.json()]).toEqual([400, { error: messages.pageLimitInvalid }]);
      for (const cursor of ["x", "1.2.3", "%00", "1700000000000.1700000000000000.zzzz"]) {
        const response = await get(bo, `${list}?cursor=${cursor}`);
        expect([cursor, response.statusCode, response.json()]).toEqual([
          cursor,
          400,
          { error: messages.pageCursorInvalid },
        ]);
      }
    }
  });

  it("are documented in OpenAPI: limit and cursor in the query, the Link header, the list as the body", async () => {
    app = await createTestApp();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string; in: string; schema: Record<string, unknown> }[];
            responses: {
              "200": {
                headers?: Record<string, unknown>;
                content: { "application/json": { schema: { type: string } } };
              };
            };
          };
        }
      >;
    };
    for (const path of ["/api/user/requests", "/api/groups/{id}/requests"]) {
      const get = doc.paths[path]!.get;
      const query = Object.fromEntries(get.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
      expect(Object.keys(query).sort()).toEqual(["cursor", "limit"]);
      expect(query.limit).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
      expect(get.responses["200"].headers).toHaveProperty("Link");
      expect(get.responses["200"].content["application/json"].schema.type).toBe("array");
    }
  });
});
