import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { failure, useHarness } from "./support";

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

  it("skipped, changes nothing but is not asked again; an unknown answer is refused", async () => {
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    expect((await bo.caller.user.answerNotificationsQuestion({ frequency: null })).notificationsAsked).toBe(true);
    expect((await bo.caller.user.emailPreferences()).frequency).toBe("immediate");
    expect(await failure(bo.caller.user.answerNotificationsQuestion({ frequency: "hourly" as never }))).toMatchObject({
      message: messages.emailFrequencyInvalid,
    });
  });
});
