import {
  englishText,
  messages,
  overLimitMessage,
  pendingInviteExistsMessage,
  type MessageKey,
} from "@hyn/validators/messages";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { SAMPLE_ERRORS } from "./sample-errors";
import { serverErrorText } from "./server";

/**
 * Messages whose translation may legitimately read as the English does (a word both languages share).
 * Empty today: add a key here, with the language, only when the same text is the right translation.
 */
const SAME_AS_ENGLISH: Partial<Record<(typeof LOCALES)[number], MessageKey[]>> = {};

describe("error messages in every language, by key", () => {
  it("en: every message is the spec's text, byte for byte", () => {
    for (const [key, english] of Object.entries(messages) as Array<[MessageKey, string]>)
      expect(serverErrorText({ key }, "en")).toBe(english);
    expect(serverErrorText({ key: "limitReached", values: { kind: "open requests", max: 5, current: 5 } }, "en")).toBe(
      "You have reached your limit of 5 open requests. You currently have 5 open requests.",
    );
    expect(serverErrorText({ key: "overLimit", values: { kind: "groups", max: 3, current: 4 } }, "en")).toBe(
      overLimitMessage("groups", 3, 4),
    );
    expect(serverErrorText({ key: "pendingInviteExists", values: { daysLeft: 1 } }, "en")).toBe(
      pendingInviteExistsMessage(1),
    );
    expect(serverErrorText({ key: "invalidValue", values: { field: "itemDescription" } }, "en")).toBe(
      "Invalid value: itemDescription",
    );
    expect(serverErrorText({ key: "invalidChoice", values: { field: "" } }, "en")).toBe("Invalid choice");
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale}: no message is left as its English copy`, () => {
      const allowed = new Set(SAME_AS_ENGLISH[locale] ?? []);
      for (const [key, english] of Object.entries(messages) as Array<[MessageKey, string]>) {
        const translated = serverErrorText({ key }, locale);
        if (allowed.has(key)) continue;
        expect(translated, `errors.${key} in ${locale}`).not.toBe(english);
        expect(translated, `errors.${key} in ${locale}`).not.toMatch(/[{}]/);
      }
    });

    it(`${locale}: every message with values is translated and keeps its numbers`, () => {
      for (const sample of SAMPLE_ERRORS) {
        const english = englishText(sample);
        const translated = serverErrorText(sample, locale);
        expect(translated, english).not.toBe(english);
        expect(translated, english).not.toMatch(/[{}]/);
        const values = "values" in sample ? (sample.values as Record<string, string | number>) : {};
        for (const value of Object.values(values))
          if (typeof value === "number") expect(translated, english).toContain(String(value));
        if (values.field) expect(translated, english).toContain(values.field);
      }
    });
  }

  it("writes the limits, over-limit and days-left texts naturally", () => {
    expect(serverErrorText({ key: "limitReached", values: { kind: "open requests", max: 5, current: 5 } }, "es")).toBe(
      "Has alcanzado tu límite de 5 solicitudes abiertas. Ahora tienes 5 solicitudes abiertas.",
    );
    expect(serverErrorText({ key: "limitReached", values: { kind: "groups", max: 1, current: 1 } }, "de")).toBe(
      "Du hast dein Limit erreicht: höchstens 1 eigene Gruppe. Du hast derzeit 1 eigene Gruppe.",
    );
    expect(serverErrorText({ key: "overLimit", values: { kind: "groups joined", max: 0, current: 1 } }, "es")).toBe(
      "Estás en 1 grupo, más que tu límite de 0. Tu límite es 0, así que no puedes unirte a grupos.",
    );
    expect(serverErrorText({ key: "overLimit", values: { kind: "groups", max: 3, current: 4 } }, "de")).toBe(
      "Dir gehören 4 Gruppen, mehr als dein Limit von 3. Du kannst eine neue Gruppe erstellen, sobald dir weniger als 3 gehören.",
    );
    expect(serverErrorText({ key: "pendingInviteExists", values: { daysLeft: 1 } }, "de")).toMatch(/in 1 Tag ab\.$/);
    expect(serverErrorText({ key: "pendingInviteExists", values: { daysLeft: 6 } }, "es")).toMatch(
      /Caduca en 6 días\.$/,
    );
  });

  it("names the field of a zod fallback, or says the text alone", () => {
    expect(serverErrorText({ key: "invalidValue", values: { field: "itemDescription" } }, "es")).toBe(
      "Valor no válido: itemDescription",
    );
    expect(serverErrorText({ key: "invalidValue", values: { field: "" } }, "es")).toBe("Valor no válido");
    expect(serverErrorText({ key: "valueTooBig", values: { field: "name" } }, "de")).toBe(
      "Wert ist zu lang oder zu groß: name",
    );
    expect(serverErrorText({ key: "invalidChoice", values: { field: "" } }, "de")).toBe("Ungültige Auswahl");
  });
});
