import { createServices, silentLogger } from "@hyn/core";
import { createDb, type DbHandle } from "@hyn/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContextInner, resolveSession } from "../src/context";
import { createCaller } from "../src/root";
import { useHarness, groupWith, quickNeighbours, listen } from "./support";

/** Two server instances on one PostgreSQL database: h, and a second pool with its own services. */
const h = useHarness();
let secondHandle: DbHandle;
let second: ReturnType<typeof createServices>;
beforeEach(async () => {
  secondHandle = await createDb({ url: h.url, maxConnections: 3 });
  second = createServices({ db: secondHandle.db, clock: h.clock, config: h.config, logger: silentLogger });
});
afterEach(async () => {
  await second.live.close();
  await secondHandle.close();
});

/** A caller on the second instance, for the same session token. */
async function onSecondInstance(token: string) {
  return createCaller(createContextInner({ services: second, session: await resolveSession(second, token) }));
}

describe("live updates across server instances (PostgreSQL)", () => {
  it("a change committed through one instance reaches a page streaming from the other, and only its members", async () => {
    const [ann, bo, outsider] = await quickNeighbours(h, 3);
    const street = await groupWith(h, ann!, [bo!]);
    const outsidersGroup = await groupWith(h, outsider!);

    const annOnSecond = await listen(second, ann!.token);
    const outsiderOnSecond = await listen(second, outsider!.token);
    expect(await annOnSecond.next()).toEqual({ type: "connected" });
    expect(await outsiderOnSecond.next()).toEqual({ type: "connected" });

    const milk = await ann!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });
    await bo!.caller.requests.claim({ id: milk.id });
    expect(await annOnSecond.next()).toEqual({
      type: "request.created",
      requestId: milk.id,
      groupId: street.id,
      mine: true,
    });
    expect(await annOnSecond.next()).toEqual({
      type: "request.claimed",
      requestId: milk.id,
      groupId: street.id,
      mine: true,
    });

    const own = await outsider!.caller.requests.create({
      itemDescription: "Bread",
      groupId: outsidersGroup.id,
      neededBy: h.inHours(1),
    });
    expect(await outsiderOnSecond.next()).toEqual({
      type: "request.created",
      requestId: own.id,
      groupId: outsidersGroup.id,
      mine: true,
    });

    // And the other way: a change through the second instance reaches a stream on the first.
    const annOnFirst = await listen(h.services, ann!.token);
    expect(await annOnFirst.next()).toEqual({ type: "connected" });
    await (await onSecondInstance(bo!.token)).requests.fulfill({ id: milk.id });
    expect(await annOnFirst.next()).toEqual({
      type: "request.fulfilled",
      requestId: milk.id,
      groupId: street.id,
      mine: true,
    });
    for (const stream of [annOnSecond, outsiderOnSecond, annOnFirst]) stream.stop();
  });

  it("signing out through one instance ends the session's stream on the other before any later event (issue 38)", async () => {
    const [ann, bo] = await quickNeighbours(h, 2);
    const street = await groupWith(h, ann!, [bo!]);
    const annOnSecond = await listen(second, ann!.token);
    const boOnSecond = await listen(second, bo!.token);
    expect(await annOnSecond.next()).toEqual({ type: "connected" });
    expect(await boOnSecond.next()).toEqual({ type: "connected" });

    await ann!.caller.auth.signOut();
    const after = await bo!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });

    await expect(annOnSecond.next(5000)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await boOnSecond.next()).toEqual({
      type: "request.created",
      requestId: after.id,
      groupId: street.id,
      mine: true,
    });
    expect(second.live.streamCount()).toBe(1);
    boOnSecond.stop();
  });
});
