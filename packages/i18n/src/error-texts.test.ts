import { limitMessage, messages, overLimitMessage, pendingInviteExistsMessage, type MessageKey } from "@hyn/validators/messages";
import { describe, expect, it } from "vitest";
import { PATTERNED_ERROR_TEXTS, type PatternedErrorText } from "./error-texts";
import { LOCALES } from "./locales";
import { serverErrorText } from "./server";

/**
 * Messages whose translation may legitimately read as the English does (a word both languages share).
 * Empty today: add a key here, with the language, only when the same text is the right translation.
 */
const SAME_AS_ENGLISH: Partial<Record<(typeof LOCALES)[number], MessageKey[]>> = {};

describe("error texts in every language", () => {
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale}: no message is left as its English copy`, () => {
      const allowed = new Set(SAME_AS_ENGLISH[locale] ?? []);
      for (const [key, english] of Object.entries(messages) as Array<[MessageKey, string]>) {
        const translated = serverErrorText(english, locale);
        if (allowed.has(key)) continue;
        expect(translated, `errors.${key} in ${locale}`).not.toBe(english);
        expect(translated, `errors.${key} in ${locale}`).not.toMatch(/[{}]/);
      }
    });

    it(`${locale}: every message with values is translated and keeps its numbers`, () => {
      for (const entry of Object.values(PATTERNED_ERROR_TEXTS) as PatternedErrorText[]) {
        for (const sample of entry.samples) {
          const english = entry.english(sample);
          const translated = serverErrorText(english, locale);
          expect(translated, english).not.toBe(english);
          expect(translated, english).not.toMatch(/[{}]/);
          for (const value of Object.values(sample)) if (/^\d+$/.test(value)) expect(translated, english).toContain(value);
          if (sample.field) expect(translated, english).toContain(sample.field);
        }
      }
    });
  }

  it("writes the limits, over-limit and days-left texts naturally", () => {
    expect(serverErrorText(limitMessage("open requests", 5, 5), "es")).toBe(
      "Has alcanzado tu límite de 5 solicitudes abiertas. Ahora tienes 5 solicitudes abiertas.",
    );
    expect(serverErrorText(limitMessage("groups", 1, 1), "de")).toBe("Du hast dein Limit erreicht: höchstens 1 eigene Gruppe. Du hast derzeit 1 eigene Gruppe.");
    expect(serverErrorText(overLimitMessage("groups joined", 0, 1), "es")).toBe("Estás en 1 grupo, más que tu límite de 0. Tu límite es 0, así que no puedes unirte a grupos.");
    expect(serverErrorText(overLimitMessage("groups", 3, 4), "de")).toBe(
      "Dir gehören 4 Gruppen, mehr als dein Limit von 3. Du kannst eine neue Gruppe erstellen, sobald dir weniger als 3 gehören.",
    );
    expect(serverErrorText(pendingInviteExistsMessage(1), "de")).toMatch(/in 1 Tag ab\.$/);
    expect(serverErrorText(pendingInviteExistsMessage(6), "es")).toMatch(/Caduca en 6 días\.$/);
  });

  it("names the field of a zod fallback, or says the text alone", () => {
    expect(serverErrorText("Invalid value: itemDescription", "es")).toBe("Valor no válido: itemDescription");
    expect(serverErrorText("Invalid value", "es")).toBe("Valor no válido");
    expect(serverErrorText("Value is too long or too large: name", "de")).toBe("Wert ist zu lang oder zu groß: name");
    expect(serverErrorText("Invalid choice", "de")).toBe("Ungültige Auswahl");
  });

  it("leaves English and unknown texts as they are", () => {
    expect(serverErrorText(messages.invalidCredentials, "en")).toBe(messages.invalidCredentials);
    expect(serverErrorText("Something only a test says", "de")).toBe("Something only a test says");
  });
});
