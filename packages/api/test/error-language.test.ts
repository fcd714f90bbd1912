/**
 * Issue 19: a tRPC error's message, as the error formatter writes it for the client, is in the
 * context's language (the request's Accept-Language); English when the context has none.
 */
import { messages } from "@hyn/validators";
import { TRPCError } from "@trpc/server";
import { getErrorShape } from "@trpc/server/unstable-core-do-not-import";
import { describe, expect, it } from "vitest";
import { createContextInner, resolveSession, type Context } from "../src/context";
import { appRouter, createCaller } from "../src/root";
import { useHarness } from "./support";

const h = useHarness();

/** The message the formatter writes for a call that must fail, as tRPC's adapters send it. */
async function formattedMessage(call: Promise<unknown>, ctx: Context | undefined): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return getErrorShape({
      config: appRouter._def._config,
      error,
      type: "mutation",
      path: "groups.create",
      input: undefined,
      ctx,
    }).message;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

describe("tRPC error texts in the context's language", () => {
  it("writes a service's refusal and a schema's text in German for locale de, English without one", async () => {
    const ann = await h.signUpUser();
    const session = await resolveSession(h.services, ann.token);
    for (const [locale, expected] of [
      ["de", "Bitte gib einen Gruppennamen ein"],
      ["es", "El nombre del grupo es obligatorio"],
      ["en", messages.groupNameRequired],
    ] as const) {
      const ctx = createContextInner({ services: h.services, session, locale });
      expect(await formattedMessage(createCaller(ctx).groups.create({ name: "  " }), ctx), locale).toBe(expected);
    }

    const german = createContextInner({ services: h.services, session, locale: "de" });
    expect(
      await formattedMessage(
        createCaller(german).groups.members({ groupId: "00000000-0000-4000-8000-000000000000" }),
        german,
      ),
    ).toMatch(/^(Gruppe nicht gefunden|Du bist kein Mitglied dieser Gruppe)$/);
    const anonymous = createContextInner({ services: h.services, locale: "de" });
    expect(await formattedMessage(createCaller(anonymous).groups.list(), anonymous)).toBe("Du bist nicht angemeldet");
  });

  it("stays English when the context could not be created", async () => {
    const anonymous = createContextInner({ services: h.services, locale: "de" });
    expect(await formattedMessage(createCaller(anonymous).groups.list(), undefined)).toBe(messages.noAuthenticatedUser);
  });
});
