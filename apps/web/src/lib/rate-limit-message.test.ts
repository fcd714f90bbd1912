// @vitest-environment happy-dom
import { TRPCClientError } from "@trpc/client";
import { afterAll, describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/i18n";
import { errorMessage, waitInWords } from "./trpc";

/** A refused call as the tRPC client reports it: the server's message and key, and the response's Retry-After. */
function refused(status: number, retryAfter: string | null): TRPCClientError<never> {
  const error = new TRPCClientError<never>("Too many requests. Please wait a moment and try again.", {
    result: {
      error: {
        message: "Too many requests. Please wait a moment and try again.",
        code: -32029,
        data: { httpStatus: status, messageKey: "tooManyRequests" },
      },
    } as never,
    meta: { response: new Response(null, { status, headers: retryAfter ? { "Retry-After": retryAfter } : {} }) },
  });
  return error;
}

describe("a form refused by a rate limit", () => {
  afterAll(() => activateLocale("en"));

  it("says how long to wait, from Retry-After", () => {
    expect(errorMessage(refused(429, "30"), "Failed")).toBe("Too many requests. Please try again in 30 seconds.");
    expect(errorMessage(refused(429, "1"), "Failed")).toBe("Too many requests. Please try again in 1 second.");
    expect(errorMessage(refused(429, "600"), "Failed")).toBe("Too many requests. Please try again in 10 minutes.");
    expect(errorMessage(refused(429, "7200"), "Failed")).toBe("Too many requests. Please try again in 2 hours.");
  });

  it("says it in the page's language", async () => {
    await activateLocale("de");
    expect(errorMessage(refused(429, "120"), "Fehler")).toBe(
      "Zu viele Anfragen. Bitte versuche es in 2 Minuten noch einmal.",
    );
    await activateLocale("es");
    expect(errorMessage(refused(429, "45"), "Error")).toBe(
      "Demasiadas solicitudes. Vuelve a intentarlo en 45 segundos.",
    );
    await activateLocale("en");
  });

  it("keeps the server's own words without a Retry-After", () => {
    expect(errorMessage(refused(429, null), "Failed")).toBe("Too many requests. Please wait a moment and try again.");
  });

  it("rounds a wait up, to seconds, minutes or hours as a person would say it", () => {
    expect(waitInWords(0.2)).toEqual({ unit: "seconds", count: 1 });
    expect(waitInWords(90)).toEqual({ unit: "seconds", count: 90 });
    expect(waitInWords(91)).toEqual({ unit: "minutes", count: 2 });
    expect(waitInWords(5400)).toEqual({ unit: "minutes", count: 90 });
    expect(waitInWords(5401)).toEqual({ unit: "hours", count: 2 });
  });
});
