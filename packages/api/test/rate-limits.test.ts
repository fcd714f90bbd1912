import { messages } from "@hyn/validators";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../src/testing";
import { failure } from "./expect-failure";

let h: Harness;
beforeEach(async () => {
  // Production limits: the multiplier is set to 1 explicitly.
  h = await createHarness({ config: { rateLimitMultiplier: 1 } });
});
afterEach(async () => {
  await h.close();
});

describe("rate limits", () => {
  it("stops guessing one account's password after 10 tries in 15 minutes", async () => {
    const ann = await h.signUpUser();
    const anon = await h.caller();
    for (let i = 0; i < 10; i++) {
      expect((await failure(anon.auth.signIn({ email: ann.email, password: `guess-${i}` }))).message).toBe(messages.invalidCredentials);
    }
    expect(await failure(anon.auth.signIn({ email: ann.email, password: ann.password }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: messages.tooManyRequests,
    });
    h.clock.advance(15 * 60_000);
    await anon.auth.signIn({ email: ann.email, password: ann.password });
  });

  it("sends at most one reset e-mail a minute to an address, known or not, and answers both the same", async () => {
    const ann = await h.signUpUser();
    const anon = await h.caller();
    await anon.auth.requestPasswordReset({ email: ann.email });
    await anon.auth.requestPasswordReset({ email: "ghost@example.com" });
    const known = await failure(anon.auth.requestPasswordReset({ email: ann.email }));
    const unknown = await failure(anon.auth.requestPasswordReset({ email: "ghost@example.com" }));
    expect(known).toEqual({ code: "TOO_MANY_REQUESTS", message: messages.tooManyRequests });
    expect(unknown).toEqual(known);
    h.clock.advance(60_000);
    await anon.auth.requestPasswordReset({ email: ann.email });
    await h.deliver();
    expect(h.inbox(ann.email).filter((m) => m.subject.includes("Reset"))).toHaveLength(2);
  });

  it("limits resending the confirmation e-mail to one a minute", async () => {
    const anon = await h.caller();
    await anon.auth.signUp({ email: "di@example.com", password: "di-secret-1" });
    await anon.auth.resendConfirmation({ email: "di@example.com" });
    expect((await failure(anon.auth.resendConfirmation({ email: "di@example.com" }))).code).toBe("TOO_MANY_REQUESTS");
  });

  it("limits sign-ups and feedback per address", async () => {
    const anon = await h.caller();
    for (let i = 0; i < 10; i++) await anon.auth.signUp({ email: `n${i}@example.com`, password: "a-good-secret" });
    expect((await failure(anon.auth.signUp({ email: "n10@example.com", password: "a-good-secret" }))).code).toBe("TOO_MANY_REQUESTS");
    for (let i = 0; i < 10; i++) await anon.feedback.send({ email: "fan@example.com", message: `note ${i}` });
    expect((await failure(anon.feedback.send({ email: "fan@example.com", message: "one more" }))).code).toBe("TOO_MANY_REQUESTS");
  });
});
