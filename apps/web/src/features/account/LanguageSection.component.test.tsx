// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, currentLocale } from "../../i18n/i18n";
import type { CurrentUser } from "../../lib/trpc";
import { renderWithApi } from "../../test/render";
import { useAuth } from "../auth/AuthProvider";
import { LanguageSection } from "./LanguageSection";

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await activateLocale("en");
});

const user: CurrentUser = {
  id: "user-1",
  email: "ann@example.com",
  name: "Ann",
  phone: null,
  generalArea: null,
  isAdmin: false,
  locale: "en",
  emailVerified: true,
  notificationsAsked: true,
  createdAt: new Date("2026-01-01T00:00:00Z"),
};

/** Shows who is signed in, so the test waits until the account is known. */
function SignedInAs() {
  const { user } = useAuth();
  return user ? <p>Signed in as {user.name}</p> : null;
}

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
