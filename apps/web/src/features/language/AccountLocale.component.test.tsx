// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, currentLocale } from "../../i18n/i18n";
import { renderWithApi } from "../../test/render";
import { SignedInAs, signedInUser } from "../../test/signed-in";
import { AccountLocale } from "./AccountLocale";
import { LanguageChoice } from "./LanguageChoice";

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await activateLocale("en");
});

const user = signedInUser({ locale: "de" });

/** The account's answer, held back until the test lets it through. */
function heldBack<T>(value: T) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { answer: () => released.then(() => value), release };
}

describe("the account's language and the picker", () => {
  it("switches to the account's language once the account is known", async () => {
    renderWithApi(
      <>
        <AccountLocale />
        <SignedInAs />
      </>,
      { "user.me": () => user },
    );
    expect(await screen.findByText("Signed in as Ann")).toBeTruthy();
    await waitFor(() => expect(currentLocale()).toBe("de"));
  });

  it("keeps a language picked while the account was loading, and saves it on the account", async () => {
    const me = heldBack(user);
    const { calls } = renderWithApi(
      <>
        <AccountLocale />
        <SignedInAs />
        <LanguageChoice />
      </>,
      { "user.me": me.answer, "user.updateLocale": (input) => ({ ...user, ...(input as object) }) },
    );
    const picker = screen.getByRole("combobox", { name: "Language" });
    fireEvent.change(picker, { target: { value: "es" } });
    await waitFor(() => expect(currentLocale()).toBe("es"));
    // Not saved yet: the picker waits for the account.
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(true));

    me.release();
    expect(await screen.findByText("Signed in as Ann")).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "user.updateLocale").map((c) => c.input)).toEqual([{ locale: "es" }]),
    );
    await waitFor(() => expect((screen.getByRole("combobox") as HTMLSelectElement).disabled).toBe(false));
    expect(currentLocale()).toBe("es");
    expect((screen.getByRole("combobox") as HTMLSelectElement).value).toBe("es");
  });

  it("keeps a language picked while loading on the device only, when nobody is signed in", async () => {
    const me = heldBack(null);
    const { calls } = renderWithApi(
      <>
        <AccountLocale />
        <LanguageChoice />
      </>,
      { "user.me": me.answer },
    );
    const picker = screen.getByRole("combobox", { name: "Language" });
    fireEvent.change(picker, { target: { value: "es" } });
    await waitFor(() => expect(currentLocale()).toBe("es"));
    me.release();
    await waitFor(() => expect((screen.getByRole("combobox") as HTMLSelectElement).disabled).toBe(false));
    expect(currentLocale()).toBe("es");
    expect(calls.some((c) => c.path === "user.updateLocale")).toBe(false);
  });
});
