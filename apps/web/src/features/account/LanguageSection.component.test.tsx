// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, currentLocale } from "../../i18n/i18n";
import { renderWithApi } from "../../test/render";
import { SignedInAs, signedInUser } from "../../test/signed-in";
import { LanguageSection } from "./LanguageSection";

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await activateLocale("en");
});

const user = signedInUser();

describe("the language on the profile", () => {
  it("switches the profile to German and keeps the choice on the account", async () => {
    const { calls } = renderWithApi(
      <>
        <SignedInAs />
        <LanguageSection />
      </>,
      {
        "user.me": () => user,
        "user.updateLocale": (input) => ({ ...user, ...(input as object) }),
      },
    );
    expect(screen.getByRole("heading", { name: "Language" })).toBeTruthy();
    expect(screen.getByText(/e-mails we send you use this language/)).toBeTruthy();
    // The account is known before the choice can be kept on it.
    expect(await screen.findByText("Signed in as Ann")).toBeTruthy();

    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "de" } });

    expect(await screen.findByRole("heading", { name: "Sprache" })).toBeTruthy();
    expect(screen.getByText(/Die App und die E-Mails, die wir dir schicken/)).toBeTruthy();
    expect(currentLocale()).toBe("de");
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "user.updateLocale").map((c) => c.input)).toEqual([{ locale: "de" }]),
    );
  });
});
