import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createContextInner } from "../src/context";
import { createCaller } from "../src/root";
import { useHarness, failure } from "./support";

/** Issue 19: the account's language, picked on the profile or in the footer, and the one a sign-up starts with. */

const h = useHarness({ config: { requireEmailConfirmation: false } });

describe("the account's language", () => {
  it("is saved by user.updateLocale and returned by user.me", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    expect((await ann.caller.user.me())?.locale).toBe("en");

    const updated = await ann.caller.user.updateLocale({ locale: "es" });
    expect(updated).toMatchObject({ id: ann.user.id, locale: "es" });
    expect((await ann.caller.user.me())?.locale).toBe("es");
    // Kept on the account: another session of the same person sees it too.
    expect((await (await h.caller(ann.token)).user.me())?.locale).toBe("es");

    await ann.caller.user.updateLocale({ locale: "de" });
    expect((await ann.caller.user.me())?.locale).toBe("de");
  });

  it("refuses a language the app does not speak with a 400 and the rule's message, and changes nothing", async () => {
    const ann = await h.signUpUser();
    await ann.caller.user.updateLocale({ locale: "de" });
    for (const locale of ["fr", "", "EN", "de-DE"]) {
      expect(await failure(ann.caller.user.updateLocale({ locale } as never))).toEqual({
        code: "BAD_REQUEST",
        message: messages.localeInvalid,
      });
    }
    expect(await failure(ann.caller.user.updateLocale({} as never))).toMatchObject({ code: "BAD_REQUEST" });
    expect((await ann.caller.user.me())?.locale).toBe("de");
  });

  it("needs a session", async () => {
    const anonymous = await h.caller();
    expect(await failure(anonymous.user.updateLocale({ locale: "es" }))).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("starts as the language a sign-up asked for (Accept-Language), English when none", async () => {
    const inGerman = createCaller(createContextInner({ services: h.services, locale: "de" }));
    const signedUp = await inGerman.auth.signUp({
      email: "gerda@example.com",
      password: "gerda-secret-1",
      name: "Gerda",
    });
    expect(signedUp.user.locale).toBe("de");
    const gerda = await h.caller(signedUp.session!.token);
    expect((await gerda.user.me())?.locale).toBe("de");

    const plain = await h.signUpUser({ email: "ed@example.com" });
    expect((await plain.caller.user.me())?.locale).toBe("en");
  });
});
