import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { latestDigestSlot } from "@hyn/core";
import { createGroup, failure, inviteAndJoin, useHarness, type Neighbour } from "./support";

// PRODUCT "Asked once" (issue 26): asked once per account, answered into the profile's own preference.
const h = useHarness();

describe("the question asked once: how should we tell you when a neighbour needs something?", () => {
  it("is unanswered on a new account, whose stored frequency stays the default, Never", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    expect((await ann.caller.user.current()).notificationsAsked).toBe(false);
    expect((await ann.caller.user.me())!.notificationsAsked).toBe(false);
    expect((await ann.caller.user.emailPreferences()).frequency).toBe("disabled");
  });

  it("saves the answer to the profile's preference and remembers, for the account, that it was asked", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const answered = await ann.caller.user.answerNotificationsQuestion({ frequency: "daily" });
    expect(answered.notificationsAsked).toBe(true);
    expect((await ann.caller.user.notificationPreferences()).profileFrequency).toBe("daily");
    // Another browser, another session: the account is asked no more.
    const elsewhere = await h.caller(
      (await ann.caller.auth.signIn({ email: ann.email, password: ann.password })).session!.token,
    );
    expect((await elsewhere.user.me())!.notificationsAsked).toBe(true);
  });

  it("takes Weekly for an answer: the weekly summary (issue 41)", async () => {
    const cy = await h.signUpUser({ name: "Cy" });
    expect((await cy.caller.user.answerNotificationsQuestion({ frequency: "weekly" })).notificationsAsked).toBe(true);
    expect((await cy.caller.user.emailPreferences()).frequency).toBe("weekly");
    expect((await cy.caller.user.notificationPreferences()).profileFrequency).toBe("weekly");
  });

  it('"Not now" changes nothing and marks nothing: it is asked again on the next visit (issue 43 §5); an unknown answer is refused', async () => {
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    expect((await bo.caller.user.answerNotificationsQuestion({ frequency: null })).notificationsAsked).toBe(false);
    expect((await bo.caller.user.me())!.notificationsAsked).toBe(false);
    expect((await bo.caller.user.emailPreferences()).frequency).toBe("immediate");
    expect(await failure(bo.caller.user.answerNotificationsQuestion({ frequency: "hourly" as never }))).toMatchObject({
      message: messages.emailFrequencyInvalid,
    });
  });
});

describe("until the question is answered (issue 43 §5)", () => {
  const runDigest = () =>
    h.services.notifications.runDailyDigest({ slot: latestDigestSlot(h.clock.now(), { hour: 8, timeZone: "UTC" }) });
  const summariesTo = async (who: Neighbour) => {
    await h.deliver();
    return h.inbox(who.email).filter((m) => /new requests? in your/.test(m.subject));
  };

  async function street() {
    const olga = await h.signUpUser({ name: "Olga", frequency: "immediate" });
    const nina = await h.signUpUser({ name: "Nina" });
    const elm = await createGroup(olga, "Elm Street");
    await inviteAndJoin(olga, nina, elm.id);
    // A group Nina made herself is not one she joined.
    const own = await createGroup(nina, "Nina's Street");
    await olga.caller.requests.create({ groupId: elm.id, itemDescription: "Milk", neededBy: h.inHours(48) });
    await nina.caller.requests.create({ groupId: own.id, itemDescription: "Own bread", neededBy: h.inHours(48) });
    return { olga, nina, elm };
  }

  it('a newcomer who said "Not now" gets the daily summary of the groups they joined by invitation or link', async () => {
    const { olga, nina, elm } = await street();
    await nina.caller.user.answerNotificationsQuestion({ frequency: null });
    const reach = await olga.caller.requests.create({
      groupId: elm.id,
      itemDescription: "Eggs",
      neededBy: h.inHours(48),
    });
    expect(reach.reach).toMatchObject({ daily: 1 });
    h.clock.set(new Date(h.clock.now().getTime() + 24 * 60 * 60 * 1000));
    await runDigest();
    const [summary, ...more] = await summariesTo(nina);
    expect(more).toEqual([]);
    expect(summary!.text).toContain("Milk");
  });

  it("an answer ends it: Only in the app is heard as such", async () => {
    const { nina } = await street();
    await nina.caller.user.answerNotificationsQuestion({ frequency: "disabled" });
    h.clock.set(new Date(h.clock.now().getTime() + 24 * 60 * 60 * 1000));
    await runDigest();
    expect(await summariesTo(nina)).toEqual([]);
  });
});
