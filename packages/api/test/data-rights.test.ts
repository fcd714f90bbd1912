import { emailOutbox, feedback, groupMembers, groups, requests, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, failure } from "./support";

const h = useHarness();

/** Puts users in a new group owned by the first, joined in the order given. */
async function groupOf(name: string, ...userIds: string[]) {
  const [group] = await h.db.insert(groups).values({ name, createdBy: userIds[0]! }).returning({ id: groups.id });
  const start = h.clock.now().getTime();
  await h.db
    .insert(groupMembers)
    .values(userIds.map((userId, i) => ({ groupId: group!.id, userId, joinedAt: new Date(start + i * 1000) })));
  return group!.id;
}

describe("data export", () => {
  it("returns everything held about the caller and nothing about others", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const groupId = await groupOf("Elm Street", ann.user.id, bo.user.id);
    const neededBy = h.inHours(24);
    await h.db.insert(requests).values([
      { userId: ann.user.id, groupId, itemDescription: "Milk", neededBy },
      {
        userId: bo.user.id,
        groupId,
        itemDescription: "Bread",
        neededBy,
        status: "claimed",
        claimedBy: ann.user.id,
        claimedAt: h.clock.now(),
      },
    ]);
    await ann.caller.feedback.send({ email: ann.email, message: "Nice app" });

    const data = await ann.caller.user.exportData();
    expect(data.user).toMatchObject({ id: ann.user.id, email: ann.email, name: "Ann" });
    expect(data.user).not.toHaveProperty("passwordHash");
    expect(data.groups).toEqual([expect.objectContaining({ groupId, name: "Elm Street", isOwner: true })]);
    expect(data.requestsPosted.map((r) => r.itemDescription)).toEqual(["Milk"]);
    expect(data.requestsClaimed.map((r) => r.itemDescription)).toEqual(["Bread"]);
    expect(data.feedback.map((f) => f.message)).toEqual(["Nice app"]);
    expect(data.emailPreferences).toMatchObject({ frequency: "disabled" });
    expect(JSON.stringify(data)).not.toContain(bo.email);
  });

  it("needs a session", async () => {
    expect(await failure((await h.caller()).user.exportData())).toEqual({
      code: "UNAUTHORIZED",
      message: messages.noAuthenticatedUser,
    });
  });
});

describe("account deletion", () => {
  it("asks for the password again", async () => {
    const ann = await h.signUpUser();
    expect(await failure(ann.caller.user.deleteAccount({ password: "wrong-password" }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invalidCredentials,
    });
    expect((await failure(ann.caller.user.deleteAccount({ password: "" }))).message).toBe(messages.passwordRequired);
    expect((await ann.caller.user.current()).id).toBe(ann.user.id);
  });

  it("hands owned groups to the longest-standing member, deletes empty ones, reopens claims, and leaves nothing of the person", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const bo = await h.signUpUser();
    const cy = await h.signUpUser();
    const shared = await groupOf("Elm Street", ann.user.id, bo.user.id, cy.user.id);
    const solo = await groupOf("Just me", ann.user.id);
    const neededBy = h.inHours(24);
    const [claimedByAnn] = await h.db
      .insert(requests)
      .values({
        userId: cy.user.id,
        groupId: shared,
        itemDescription: "Eggs",
        neededBy,
        status: "claimed",
        claimedBy: ann.user.id,
        claimedAt: h.clock.now(),
      })
      .returning({ id: requests.id });
    await h.db
      .insert(requests)
      .values({ userId: ann.user.id, groupId: shared, itemDescription: "Ann's milk", neededBy });
    await ann.caller.feedback.send({ email: ann.email, message: "Bye" });

    await ann.caller.user.deleteAccount({ password: ann.password });

    expect(await h.db.select().from(users).where(eq(users.id, ann.user.id))).toEqual([]);
    const [sharedGroup] = await h.db.select({ owner: groups.createdBy }).from(groups).where(eq(groups.id, shared));
    expect(sharedGroup?.owner).toBe(bo.user.id); // joined before Cy
    expect(await h.db.select().from(groups).where(eq(groups.id, solo))).toEqual([]);
    const [eggs] = await h.db.select().from(requests).where(eq(requests.id, claimedByAnn!.id));
    expect(eggs).toMatchObject({ status: "open", claimedBy: null, claimedAt: null });
    expect(await h.db.select().from(requests).where(eq(requests.userId, ann.user.id))).toEqual([]);
    expect(await h.db.select().from(feedback).where(eq(feedback.email, ann.email))).toEqual([]);
    expect(await h.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ann.email))).toEqual([]);
    // The old session no longer works.
    expect(await (await h.caller(ann.token)).user.me()).toBeNull();
    // And the address is free to sign up afresh.
    const again = await (await h.caller()).auth.signUp({ email: ann.email, password: "a-fresh-start-1" });
    expect(again.user.id).not.toBe(ann.user.id);
  });
});
