// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, i18n, loadNamespaces } from "../i18n/i18n";
import { DateTimeField } from "./DateTimeField";
import type { DateFieldKind } from "../lib/date-field";

/** The browser's own language, which draws its native date fields (its JavaScript's default locale). */
// Where lib/date-field.ts reads it (no date is formatted, so ADR 0011's rule does not apply).
/* eslint-disable no-restricted-properties */
const englishOptions = new Intl.PluralRules("en-US").resolvedOptions();
const browserLocale = vi.spyOn(Intl.PluralRules.prototype, "resolvedOptions");
/* eslint-enable no-restricted-properties */
function browserSpeaks(language: string) {
  browserLocale.mockReturnValue({
    ...englishOptions,
    locale: language,
  });
}

/** A form holding the field's value, as the request and trip forms do; `seen` records what the form got. */
function show(kind: DateFieldKind, initial: string, seen: string[] = []) {
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <DateTimeField
        id="when"
        label="Needed by"
        name="when"
        kind={kind}
        value={value}
        min="2027-01-01T00:00"
        onChange={(event) => {
          seen.push(event.target.value);
          setValue(event.target.value);
        }}
      />
    );
  }
  render(
    <I18nProvider i18n={i18n}>
      <Form />
    </I18nProvider>,
  );
  return seen;
}

const field = () => screen.getByLabelText("Needed by") as HTMLInputElement;

beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["asking"]);
});
afterEach(async () => {
  cleanup();
  browserLocale.mockReset();
  await act(() => activateLocale("en"));
});

describe("a date field where the browser writes dates as the page does", () => {
  it("is the browser's own field, with the form's value and minimum as they are", () => {
    browserSpeaks("en-GB");
    show("dateTime", "2027-03-05T18:00");
    expect(field().type).toBe("datetime-local");
    expect(field().value).toBe("2027-03-05T18:00");
    expect(field().min).toBe("2027-01-01T00:00");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("is the browser's own date field for a day alone", async () => {
    browserSpeaks("de-DE");
    await act(() => activateLocale("de"));
    show("date", "2027-03-05");
    expect(field().type).toBe("date");
  });
});

describe("a date field where the browser speaks another language", () => {
  it("shows and reads the page language's own numbers, and gives the form the native value", async () => {
    browserSpeaks("en-US");
    await act(() => activateLocale("de"));
    const seen = show("dateTime", "2027-03-05T18:00");
    expect(field().type).toBe("text");
    expect(field().value).toBe("05.03.2027, 18:00");
    fireEvent.change(field(), { target: { value: "" } });
    expect(field().placeholder).toBe("TT.MM.JJJJ, hh:mm");
    fireEvent.change(field(), { target: { value: "6.3.27 9.15" } });
    expect(seen.at(-1)).toBe("2027-03-06T09:15");
    // What was typed stays while typing; leaving the field writes it out in full.
    expect(field().value).toBe("6.3.27 9.15");
    fireEvent.blur(field());
    expect(field().value).toBe("06.03.2027, 09:15");
  });

  it("hands what is no date to the form as typed, for its checks to refuse", async () => {
    browserSpeaks("en-US");
    await act(() => activateLocale("es"));
    const seen = show("dateTime", "2027-03-05T18:00");
    expect(field().value).toBe("05/03/2027, 18:00");
    fireEvent.change(field(), { target: { value: "31/02/2027, 18:00" } });
    expect(seen.at(-1)).toBe("31/02/2027, 18:00");
    expect(field().value).toBe("31/02/2027, 18:00");
  });

  it("opens the browser's picker from a button, whose choice is shown in the page's language", async () => {
    browserSpeaks("en-US");
    await act(() => activateLocale("de"));
    const seen = show("date", "");
    expect(field().placeholder).toBe("TT.MM.JJJJ");
    // The picker is neither named by the label nor reached by Tab: only the text box is "Needed by".
    expect(screen.getAllByLabelText("Needed by")).toHaveLength(1);
    const picker = document.querySelector<HTMLInputElement>(".date-field-picker")!;
    expect(picker.getAttribute("aria-hidden")).toBe("true");
    expect(picker.tabIndex).toBe(-1);
    expect(screen.getByRole("button", { name: "Im Kalender wählen" })).toBeTruthy();
    fireEvent.change(picker, { target: { value: "2027-12-31" } });
    expect(seen.at(-1)).toBe("2027-12-31");
    expect(field().value).toBe("31.12.2027");
  });

  it("on an English page in an American browser shows day first and 24 hours, as the rest of the app (issue 43)", () => {
    browserSpeaks("en-US");
    const seen = show("dateTime", "2026-11-29T18:00");
    expect(field().type).toBe("text");
    expect(field().value).toBe("29/11/2026, 18:00");
    expect(field().placeholder).toBe("dd/mm/yyyy, hh:mm");
    // What e2e and people type: the native value, or the English numbers day first.
    fireEvent.change(field(), { target: { value: "2026-11-30T07:45" } });
    expect(seen.at(-1)).toBe("2026-11-30T07:45");
    fireEvent.change(field(), { target: { value: "1/12/2026 6:30 pm" } });
    expect(seen.at(-1)).toBe("2026-12-01T18:30");
    fireEvent.blur(field());
    expect(field().value).toBe("01/12/2026, 18:30");
    expect(screen.getByRole("button", { name: "Choose on a calendar" })).toBeTruthy();
  });

  it("writes the value anew when the language changes", async () => {
    browserSpeaks("fr-FR");
    await act(() => activateLocale("de"));
    show("dateTime", "2027-03-05T18:00");
    expect(field().value).toBe("05.03.2027, 18:00");
    await act(() => activateLocale("es"));
    expect(field().value).toBe("05/03/2027, 18:00");
  });
});
