import { messages } from "@hyn/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, type Neighbour } from "./support";

/** requests.byId: the one request a notification's link opens (issue 16), under the lists' rules. */
const h = useHarness({ scope: "file" });
let ann: Neighbour;
let bo: Neighbour;
let outsider: Neighbour;

beforeAll(async () => {
  [ann, bo, outsider] = await h.neighbours("Ann", "Bo", "Olga");
});

const notFound = { code: "NOT_FOUND", message: messages.requestNotFound };

describe("one request by its id", () => {
  it("shows a member a neighbour's request exactly as the group's list does, and reading it claims nothing", async () => {
    const street = await groupWith(h, ann, [bo]);
    const posted = await ann.caller.requests.create({
      groupId: street.id,
      itemDescription: "Bread",
      neededBy: h.inHours(5),
    });
    const seen = await bo.caller.requests.byId({ id: posted.id });
    const [listed] = (await bo.caller.requests.forGroup({ groupId: street.id })).requests;
    expect(seen).toEqual({ ...listed, contact: null });
    expect(seen).toMatchObject({
      id: posted.id,
      status: "open",
      claimedBy: null,
      creator: { id: ann.user.id, name: "Ann" },
    });
    expect((await bo.caller.requests.byId({ id: posted.id })).status).toBe("open");
  });

  it("follows the request through its life: claimed with its helper, then fulfilled, for creator and helper alike", async () => {
    const street = await groupWith(h, ann, [bo]);
    const posted = await ann.caller.requests.create({
      groupId: street.id,
      itemDescription: "Eggs",
      neededBy: h.inHours(5),
    });
    await bo.caller.requests.claim({ id: posted.id });
    expect(await ann.caller.requests.byId({ id: posted.id })).toMatchObject({
      status: "claimed",
      helper: { id: bo.user.id, name: "Bo" },
    });
    await bo.caller.requests.fulfill({ id: posted.id });
    expect(await bo.caller.requests.byId({ id: posted.id })).toMatchObject({
      status: "fulfilled",
      displayStatus: "fulfilled",
    });
  });

  it("is 'Request not found' for someone outside the group, an unknown id and a deleted request alike", async () => {
    const street = await groupWith(h, ann, [bo]);
    const posted = await ann.caller.requests.create({
      groupId: street.id,
      itemDescription: "Tea",
      neededBy: h.inHours(5),
    });
    expect(await failure(outsider.caller.requests.byId({ id: posted.id }))).toEqual(notFound);
    expect(await failure(bo.caller.requests.byId({ id: "00000000-0000-4000-8000-000000000000" }))).toEqual(notFound);
    await ann.caller.requests.remove({ id: posted.id });
    expect(await failure(bo.caller.requests.byId({ id: posted.id }))).toEqual(notFound);
  });

  it("is hidden from a neighbour who has left the group, but still shown to its creator", async () => {
    const street = await groupWith(h, ann, [bo]);
    const posted = await bo.caller.requests.create({
      groupId: street.id,
      itemDescription: "Soap",
      neededBy: h.inHours(5),
    });
    const asked = await ann.caller.requests.create({
      groupId: street.id,
      itemDescription: "Rice",
      neededBy: h.inHours(5),
    });
    // Ann helps with it, so it stays when Bo leaves (his open requests would be withdrawn: PRODUCT "Departures").
    await ann.caller.requests.claim({ id: posted.id });
    await bo.caller.groups.leave({ groupId: street.id });
    expect(await failure(bo.caller.requests.byId({ id: asked.id }))).toEqual(notFound);
    expect(await ann.caller.requests.byId({ id: posted.id })).toMatchObject({ id: posted.id });
  });

  it("refuses a malformed id with a 400, and a signed-out caller with a 401", async () => {
    expect((await failure(bo.caller.requests.byId({ id: "not-an-id" }))).code).toBe("BAD_REQUEST");
    expect((await failure((await h.caller()).requests.byId({ id: "00000000-0000-4000-8000-000000000000" }))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});
