import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { useHarness, failure } from "./support";

// Production limits: the multiplier is set to 1 explicitly.
const h = useHarness({ config: { rateLimitMultiplier: 1 } });

describe("rate limits", () => {
  const refused = { code: "TOO_MANY_REQUESTS", message: messages.tooManyRequests };
  const attacker = "203.0.113.7";
  const home = "198.51.100.2";

  it("stops one IP guessing an address after 10 wrong passwords, while the owner still signs in from their own IP", async () => {
    const ann = await h.signUpUser();
    const fromAttacker = await h.caller(null, { ip: attacker });
    for (let i = 0; i < 10; i++) {
      expect((await failure(fromAttacker.auth.signIn({ email: ann.email, password: `guess-${i}` }))).message).toBe(
        messages.invalidCredentials,
      );
    }
    expect(await failure(fromAttacker.auth.signIn({ email: ann.email, password: ann.password }))).toEqual(refused);

    const fromHome = await h.caller(null, { ip: home });
    expect((await fromHome.auth.signIn({ email: ann.email, password: ann.password })).session).not.toBeNull();

    h.clock.advance(15 * 60_000);
    await fromAttacker.auth.signIn({ email: ann.email, password: ann.password });
  });

  it("counts a wrong current password in a password change like a failed sign-in", async () => {
    const ann = await h.signUpUser();
    const fromAttacker = await h.caller(ann.token, { ip: attacker });
    for (let i = 0; i < 10; i++) {
      const change = { password: "stolen-session-secret", currentPassword: `guess-${i}` };
      expect((await failure(fromAttacker.auth.updatePassword(change))).message).toBe(messages.currentPasswordIncorrect);
    }
    const right = { password: "stolen-session-secret", currentPassword: ann.password };
    expect(await failure(fromAttacker.auth.updatePassword(right))).toEqual(refused);
    // Signing in from the same place is refused too: the guesses count for both.
    expect(
      await failure((await h.caller(null, { ip: attacker })).auth.signIn({ email: ann.email, password: ann.password })),
    ).toEqual(refused);
    const fromHome = await h.caller(ann.token, { ip: home });
    await fromHome.auth.updatePassword({ password: "a-better-secret", currentPassword: ann.password });
  });

  it("counts only sign-ins that fail: a person signing in often is never refused", async () => {
    const ann = await h.signUpUser();
    const anon = await h.caller(null, { ip: home });
    for (let i = 0; i < 40; i++) await anon.auth.signIn({ email: ann.email, password: ann.password });
    expect((await failure(anon.auth.signIn({ email: ann.email, password: "wrong" }))).message).toBe(
      messages.invalidCredentials,
    );
  });

  it("stops one IP after 30 failed sign-ins across addresses", async () => {
    const ann = await h.signUpUser();
    const fromAttacker = await h.caller(null, { ip: attacker });
    for (let i = 0; i < 30; i++) {
      expect(
        (await failure(fromAttacker.auth.signIn({ email: `ghost${i}@example.com`, password: "guess" }))).message,
      ).toBe(messages.invalidCredentials);
    }
    expect(await failure(fromAttacker.auth.signIn({ email: ann.email, password: ann.password }))).toEqual(refused);
    await (await h.caller(null, { ip: home })).auth.signIn({ email: ann.email, password: ann.password });
  });

  it("hears an address attacked from many places only from places it signed in from lately", async () => {
    const ann = await h.signUpUser();
    await (await h.caller(null, { ip: home })).auth.signIn({ email: ann.email, password: ann.password });
    for (let place = 0; place < 10; place++) {
      const bot = await h.caller(null, { ip: `192.0.2.${place + 1}` });
      for (let i = 0; i < 10; i++) await failure(bot.auth.signIn({ email: ann.email, password: `guess-${i}` }));
    }
    const stranger = await h.caller(null, { ip: "192.0.2.200" });
    expect(await failure(stranger.auth.signIn({ email: ann.email, password: ann.password }))).toEqual(refused);
    expect(
      (await (await h.caller(null, { ip: home })).auth.signIn({ email: ann.email, password: ann.password })).session,
    ).not.toBeNull();

    h.clock.advance(15 * 60_000);
    await stranger.auth.signIn({ email: ann.email, password: ann.password });
  });

  it("asks at most 10 reset or confirmation e-mails an hour from one IP, whatever the addresses", async () => {
    const fromAttacker = await h.caller(null, { ip: attacker });
    for (let i = 0; i < 5; i++) {
      await fromAttacker.auth.requestPasswordReset({ email: `victim${i}@example.com` });
      await fromAttacker.auth.resendConfirmation({ email: `victim${i}@example.com` });
    }
    expect(await failure(fromAttacker.auth.requestPasswordReset({ email: "victim9@example.com" }))).toEqual(refused);
    expect(await failure(fromAttacker.auth.resendConfirmation({ email: "victim9@example.com" }))).toEqual(refused);
    await (await h.caller(null, { ip: home })).auth.requestPasswordReset({ email: "victim9@example.com" });
  });

  it("stops one IP guessing verification and reset tokens after 30 tries", async () => {
    const fromAttacker = await h.caller(null, { ip: attacker });
    for (let i = 0; i < 10; i++) {
      expect((await failure(fromAttacker.auth.verifyEmail({ token_hash: `guess-${i}` }))).code).toBe("BAD_REQUEST");
      expect(await fromAttacker.auth.checkResetToken({ token: `guess-${i}` })).toEqual({ valid: false, used: false });
      expect(
        (await failure(fromAttacker.auth.completePasswordReset({ token: `guess-${i}`, password: "a-new-secret-1" })))
          .code,
      ).toBe("BAD_REQUEST");
    }
    expect(await failure(fromAttacker.auth.verifyEmail({ token_hash: "guess-x" }))).toEqual(refused);
    expect(await failure(fromAttacker.auth.checkResetToken({ token: "guess-x" }))).toEqual(refused);
    expect(
      await failure(fromAttacker.auth.completePasswordReset({ token: "guess-x", password: "a-new-secret-1" })),
    ).toEqual(refused);
  });

  it("stops guessing the password that deletes an account after 5 tries", async () => {
    const ann = await h.signUpUser();
    for (let i = 0; i < 5; i++) {
      expect((await failure(ann.caller.user.deleteAccount({ password: `guess-${i}` }))).code).toBe("FORBIDDEN");
    }
    expect(await failure(ann.caller.user.deleteAccount({ password: ann.password }))).toEqual(refused);
    h.clock.advance(15 * 60_000);
    await ann.caller.user.deleteAccount({ password: ann.password });
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
    expect((await failure(anon.auth.signUp({ email: "n10@example.com", password: "a-good-secret" }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
    for (let i = 0; i < 10; i++) await anon.feedback.send({ email: "fan@example.com", message: `note ${i}` });
    expect((await failure(anon.feedback.send({ email: "fan@example.com", message: "one more" }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
  });
});
