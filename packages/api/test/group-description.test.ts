import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createGroup, failure, inviteAndJoin, useHarness } from "./support";

const h = useHarness();

describe("a group's description (issue 27)", () => {
  it("is set by the owner, stripped of markup, shown on the card and the join page, and cleared when empty", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    expect(group.description).toBeNull();
    await inviteAndJoin(ann, bo, group.id);

    const updated = await ann.caller.groups.update({
      groupId: group.id,
      description: "  <b>Numbers 2–40</b>\nof Maple Street <script>alert(1)</script> ",
    });
    expect(updated).toMatchObject({
      id: group.id,
      description: "Numbers 2–40 of Maple Street alert(1)",
      memberCount: 2,
    });
    expect((await bo.caller.groups.list())[0]!.description).toBe("Numbers 2–40 of Maple Street alert(1)");
    const { token } = await ann.caller.invitations.create({ groupId: group.id, email: "cy@example.com" });
    expect((await (await h.caller()).invitations.validate({ token })).group.description).toBe(
      "Numbers 2–40 of Maple Street alert(1)",
    );

    expect((await ann.caller.groups.update({ groupId: group.id, description: "  " })).description).toBeNull();
    await ann.caller.groups.update({ groupId: group.id, description: "Again" });
    expect((await ann.caller.groups.update({ groupId: group.id, description: null })).description).toBeNull();
  });

  it("has at most 500 characters once cleaned", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    const exactly = "x".repeat(500);
    expect((await ann.caller.groups.update({ groupId: group.id, description: exactly })).description).toBe(exactly);
    // Markup does not count: 501 characters of text do.
    expect(
      (await ann.caller.groups.update({ groupId: group.id, description: `<i>${"y".repeat(500)}</i>` })).description,
    ).toHaveLength(500);
    expect(await failure(ann.caller.groups.update({ groupId: group.id, description: "z".repeat(501) }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupDescriptionTooLong,
    });
    expect((await ann.caller.groups.list())[0]!.description).toBe("y".repeat(500));
  });

  it("is the owner's to change: a member gets 403, an unknown group 404", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect(await failure(bo.caller.groups.update({ groupId: group.id, description: "Mine now" }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyOwnersDescribe,
    });
    expect(
      await failure(
        ann.caller.groups.update({ groupId: "00000000-0000-4000-8000-000000000000", description: "Nowhere" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.groupNotFound });
    expect((await ann.caller.groups.list())[0]!.description).toBeNull();
  });
});
