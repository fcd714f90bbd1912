import { describe, expect, it } from "vitest";
import { useHarness, failure, addMember, groupWith, quickNeighbours, listen } from "./support";

const h = useHarness();

const tomorrow = () => h.inHours(24);

describe("live updates", () => {
  it("a member hears about a claim in their group; a non-member does not", async () => {
    const [ann, bo, outsider] = await quickNeighbours(h, 3);
    const street = await groupWith(h, ann!, [bo!]);
    const outsidersGroup = await groupWith(h, outsider!, [bo!]);

    const annLive = await listen(h.services, ann!.token);
    const outsiderLive = await listen(h.services, outsider!.token);
    expect(await annLive.next()).toEqual({ type: "connected" });
    expect(await outsiderLive.next()).toEqual({ type: "connected" });

    const milk = await ann!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: tomorrow(),
    });
    await bo!.caller.requests.claim({ id: milk.id });
    expect(await annLive.next()).toEqual({
      type: "request.created",
      requestId: milk.id,
      groupId: street.id,
      mine: true,
    });
    expect(await annLive.next()).toEqual({
      type: "request.claimed",
      requestId: milk.id,
      groupId: street.id,
      mine: true,
    });

    // The outsider's next event is the one in their own group: nothing from Ann's street came first.
    const bread = await outsider!.caller.requests.create({
      itemDescription: "Bread",
      groupId: outsidersGroup.id,
      neededBy: tomorrow(),
    });
    expect(await outsiderLive.next()).toEqual({
      type: "request.created",
      requestId: bread.id,
      groupId: outsidersGroup.id,
      mine: true,
    });
    annLive.stop();
    outsiderLive.stop();
  });

  it("announces unclaim, fulfil and delete, and nothing for a refused change", async () => {
    const [ann, bo] = await quickNeighbours(h, 2);
    const street = await groupWith(h, ann!, [bo!]);
    const milk = await ann!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: tomorrow(),
    });
    const bread = await ann!.caller.requests.create({
      itemDescription: "Bread",
      groupId: street.id,
      neededBy: tomorrow(),
    });

    const annLive = await listen(h.services, ann!.token);
    expect(await annLive.next()).toEqual({ type: "connected" });
    await bo!.caller.requests.claim({ id: milk.id });
    await failure(bo!.caller.requests.claim({ id: milk.id })); // refused: rolled back, so not announced
    await bo!.caller.requests.unclaim({ id: milk.id });
    await bo!.caller.requests.claim({ id: milk.id });
    await bo!.caller.requests.fulfill({ id: milk.id });
    await ann!.caller.requests.remove({ id: bread.id });
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await annLive.next());
    expect(seen.map((e) => ("requestId" in e ? [e.type, e.requestId] : [e.type]))).toEqual([
      ["request.claimed", milk.id],
      ["request.unclaimed", milk.id],
      ["request.claimed", milk.id],
      ["request.fulfilled", milk.id],
      ["request.deleted", bread.id],
    ]);
    annLive.stop();
  });

  it("follows membership as it is when the change is announced", async () => {
    const [ann, newcomer] = await quickNeighbours(h, 2);
    const street = await groupWith(h, ann!);
    const live = await listen(h.services, newcomer!.token);
    const annLive = await listen(h.services, ann!.token);
    expect(await live.next()).toEqual({ type: "connected" });
    expect(await annLive.next()).toEqual({ type: "connected" });
    const before = await ann!.caller.requests.create({
      itemDescription: "Before joining",
      groupId: street.id,
      neededBy: tomorrow(),
    });
    // Membership is read when an event is dispatched, a moment after its commit (PostgreSQL delivers
    // NOTIFY asynchronously): Ann hearing it means it has gone out, before the newcomer joined.
    expect(await annLive.next()).toEqual({
      type: "request.created",
      requestId: before.id,
      groupId: street.id,
      mine: true,
    });
    await addMember(h, street.id, newcomer!);
    const after = await ann!.caller.requests.create({
      itemDescription: "After joining",
      groupId: street.id,
      neededBy: tomorrow(),
    });
    expect(await live.next()).toEqual({ type: "request.created", requestId: after.id, groupId: street.id });
    live.stop();
    annLive.stop();
  });

  it("a stream ends when its page goes away, and every stream ends when the server closes", async () => {
    const [ann, bo] = await quickNeighbours(h, 2);
    const first = await listen(h.services, ann!.token);
    const second = await listen(h.services, bo!.token);
    await first.next();
    await second.next();
    expect(h.services.live.streamCount()).toBe(2);
    first.stop();
    await expect(first.next()).rejects.toThrow("the stream ended");
    expect(h.services.live.streamCount()).toBe(1);
    await h.services.live.close();
    // Ended by the server, as aborted: over SSE the browser then reconnects (apps/server/test/requests-http.test.ts).
    await expect(second.next()).rejects.toThrow("the server ended the live stream");
    expect(h.services.live.streamCount()).toBe(0);
  });
});
