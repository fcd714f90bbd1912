// @vitest-environment happy-dom
import { NOTIFICATION_KINDS } from "@hyn/validators/notification-kinds";
import { messages } from "@hyn/validators/messages";
import type { EmailFrequency } from "@hyn/validators/rules";
import { TRPCClientError } from "@trpc/client";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import type { CurrentUser } from "../../lib/trpc";
import { ProfileForm } from "../../test/profile";
import { signedInUser } from "../../test/signed-in";
import { ApiFailure, renderWithApi, type Handlers } from "../../test/render";
import { NotificationSettingsSection } from "../notifications/NotificationSettingsSection";
import { ProfileSettingsForm } from "./ProfileSettingsForm";

afterEach(cleanup);

/**
 * The profile's form (PRODUCT "Screens"): the details, in their section, and the e-mail frequency, in the
 * Notifications section, edited locally; Cancel and Save Preferences only while something differs from
 * what is saved; one Save for all of it.
 */
function showProfile(handlers: Handlers = {}) {
  let saved: CurrentUser = signedInUser({ generalArea: "North end" });
  let frequency: EmailFrequency = "disabled";
  const rendered = renderWithApi(
    <ProfileForm>
      {(user) => (
        <>
          <ProfileSettingsForm user={user} />
          <NotificationSettingsSection />
        </>
      )}
    </ProfileForm>,
    {
      "user.me": () => saved,
      "user.updateProfile": (input) => (saved = { ...saved, ...(input as object) }),
      "user.notificationPreferences": () => ({
        profileFrequency: frequency,
        kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, email: true, push: false })),
        groups: [{ groupId: "g1", groupName: "Elm Street", frequency: null, effective: "off" as const }],
        alwaysAtOnce: false,
      }),
      "push.devices": () => [],
      "user.emailPreferences": () => ({ frequency, lastDailySent: null, lastWeeklySent: null }),
      "user.updateEmailPreferences": (input) => {
        frequency = (input as { frequency: EmailFrequency }).frequency;
        return { frequency, lastDailySent: null, lastWeeklySent: null };
      },
      ...handlers,
    },
  );
  return rendered;
}

async function fields() {
  const name = (await screen.findByLabelText("Name")) as HTMLInputElement;
  const phone = screen.getByLabelText("Phone (optional)") as HTMLInputElement;
  const area = screen.getByLabelText("General area (optional)") as HTMLInputElement;
  const daily = (await screen.findByLabelText("Daily Summary (8 AM)")) as HTMLInputElement;
  return { name, phone, area, daily };
}

/** A refusal as the server sends it: its text in the page's language and its message key (ADR 0020). */
function refusal(message: string, messageKey: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, messageKey } } },
  } as never);
}

const bar = () => screen.getByTestId("profile-save-bar");
const saveButton = () => screen.queryByRole("button", { name: "Save Preferences" });
const cancelButton = () => screen.queryByRole("button", { name: "Cancel" });
const sent = (calls: { path: string; input: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.input);

describe("the profile's form: Cancel and Save only when something changed", () => {
  it("offers no Cancel or Save until a value differs from what is saved, and none again once typed back", async () => {
    showProfile();
    const { name, daily } = await fields();
    expect(saveButton()).toBeNull();
    expect(cancelButton()).toBeNull();
    fireEvent.change(name, { target: { value: "Annie" } });
    expect(saveButton()).toBeTruthy();
    expect(cancelButton()).toBeTruthy();
    expect(bar().textContent).toContain("You have unsaved changes.");
    fireEvent.change(name, { target: { value: "Ann" } });
    expect(saveButton()).toBeNull();
    fireEvent.click(daily);
    expect(saveButton()).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Never"));
    expect(saveButton()).toBeNull();
  });

  it("keeps what is typed and chosen on the page, sending nothing, until Save sends it all in one go", async () => {
    const { calls } = showProfile();
    const { name, phone, daily } = await fields();
    fireEvent.change(name, { target: { value: " Annie <b>Lee</b> " } });
    fireEvent.blur(name);
    fireEvent.change(phone, { target: { value: "+1 555 123 4567" } });
    fireEvent.blur(phone);
    fireEvent.click(daily);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent(calls, "user.updateProfile")).toEqual([]);
    expect(sent(calls, "user.updateEmailPreferences")).toEqual([]);
    // The group that follows the profile already says what the chosen frequency would bring.
    expect(screen.getByTestId("group-hears").textContent).toMatch(/^In the daily summary e-mail/);

    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText("Your profile and email preferences are saved.")).toBeTruthy();
    expect(sent(calls, "user.updateProfile")).toEqual([
      { name: "Annie Lee", phone: "+1 555 123 4567", generalArea: "North end", emailHidden: false },
    ]);
    expect(sent(calls, "user.updateEmailPreferences")).toEqual([{ frequency: "daily" }]);
    // Saved: the form shows what is stored, and nothing is left to save.
    await waitFor(() => expect(name.value).toBe("Annie Lee"));
    expect(daily.checked).toBe(true);
    expect(saveButton()).toBeNull();
    expect(cancelButton()).toBeNull();
  });

  it("saves only what changed: the details alone send no frequency, and say so", async () => {
    const { calls } = showProfile();
    const { area } = await fields();
    fireEvent.change(area, { target: { value: "Elm Street" } });
    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText("Your profile is saved.")).toBeTruthy();
    expect(sent(calls, "user.updateProfile")).toEqual([
      { name: "Ann", phone: null, generalArea: "Elm Street", emailHidden: false },
    ]);
    expect(sent(calls, "user.updateEmailPreferences")).toEqual([]);
  });

  it("keeps hiding the e-mail address in the form too, saved with the details", async () => {
    const { calls } = showProfile();
    await fields();
    fireEvent.click(screen.getByLabelText("Hide my e-mail address from other members"));
    expect(sent(calls, "user.updateProfile")).toEqual([]);
    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText("Your profile is saved.")).toBeTruthy();
    expect(sent(calls, "user.updateProfile")).toEqual([
      { name: "Ann", phone: null, generalArea: "North end", emailHidden: true },
    ]);
  });

  it("Cancel puts back the saved values, sends nothing and gives the focus back to the last field changed", async () => {
    const { calls } = showProfile();
    const { name, phone, daily } = await fields();
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.change(phone, { target: { value: "call me" } });
    fireEvent.click(daily);
    fireEvent.click(cancelButton()!);
    expect(name.value).toBe("Ann");
    expect(phone.value).toBe("");
    expect(daily.checked).toBe(false);
    expect((screen.getByLabelText("Never") as HTMLInputElement).checked).toBe(true);
    expect(saveButton()).toBeNull();
    expect(document.activeElement).toBe(daily);
    expect(sent(calls, "user.updateProfile")).toEqual([]);
    expect(sent(calls, "user.updateEmailPreferences")).toEqual([]);
  });

  it('says "No changes to save" when what was typed stores what is stored, or on Enter with nothing changed', async () => {
    const { calls } = showProfile();
    const { name } = await fields();
    fireEvent.change(name, { target: { value: " Ann " } });
    expect(saveButton()).toBeTruthy();
    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText(messages.noChangesToSave)).toBeTruthy();
    expect(name.value).toBe("Ann");
    expect(saveButton()).toBeNull();
    fireEvent.submit(name.form!);
    expect(await within(bar()).findByText(messages.noChangesToSave)).toBeTruthy();
    expect(sent(calls, "user.updateProfile")).toEqual([]);
  });

  it("refuses an empty name or a malformed phone before sending anything, under the field, focused", async () => {
    const { calls } = showProfile();
    const { name, phone, daily } = await fields();
    fireEvent.change(name, { target: { value: "   " } });
    fireEvent.change(phone, { target: { value: "call me" } });
    fireEvent.click(daily);
    fireEvent.click(saveButton()!);
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.enterValidPhone)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(sent(calls, "user.updateProfile")).toEqual([]);
    expect(sent(calls, "user.updateEmailPreferences")).toEqual([]);
    expect(phone.value).toBe("call me");
    expect(saveButton()).toBeTruthy();
    // Typing in the field takes its error away.
    fireEvent.change(name, { target: { value: "Annie" } });
    expect(screen.queryByText(messages.nameRequired)).toBeNull();
  });

  it("keeps every edit when the save fails, and says why in the bar, Save still offered", async () => {
    const { calls } = showProfile({
      "user.updateProfile": () => {
        throw new ApiFailure("Something went wrong");
      },
      "user.updateEmailPreferences": () => {
        throw new ApiFailure("Try again later");
      },
    });
    const { name, daily } = await fields();
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.click(daily);
    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText(/Something went wrong Try again later/)).toBeTruthy();
    expect(name.value).toBe("Annie");
    expect(daily.checked).toBe(true);
    expect(saveButton()).toBeTruthy();
    expect(sent(calls, "user.updateProfile")).toHaveLength(1);
  });

  it("keeps what failed and drops what was saved when only one of the two saves", async () => {
    showProfile({
      "user.updateEmailPreferences": () => {
        throw new ApiFailure("Try again later");
      },
    });
    const { name, daily } = await fields();
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.click(daily);
    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText("Your profile is saved. Try again later")).toBeTruthy();
    expect(name.value).toBe("Annie");
    expect(daily.checked).toBe(true);
    // The frequency is still to save; the name is not.
    fireEvent.click(screen.getByLabelText("Never"));
    expect(saveButton()).toBeNull();
  });

  it("says a refusal the server gives a field under that field, focused, keeping the text", async () => {
    showProfile({
      "user.updateProfile": () => {
        throw refusal("Invalid phone number format", "invalidPhoneFormat");
      },
    });
    const { phone } = await fields();
    fireEvent.change(phone, { target: { value: "+1 555-0100" } });
    fireEvent.click(saveButton()!);
    expect(await within(bar()).findByText("Failed to update profile.")).toBeTruthy();
    const error = document.getElementById(phone.getAttribute("aria-describedby")!.split(" ").at(-1)!)!;
    expect(error.textContent).toBe("Invalid phone number format");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.value).toBe("+1 555-0100");
    expect(saveButton()).toBeTruthy();
  });
});

describe("the profile's form in Spanish", () => {
  afterEach(() => activateLocale("en"));

  it("shows its labels, its bar and what a save came to in Spanish", async () => {
    await activateLocale("es");
    await loadNamespaces(["profile", "groups"]);
    const rendered = showProfile();
    expect(await screen.findByRole("heading", { name: "Tus datos" })).toBeTruthy();
    const name = screen.getByLabelText("Nombre") as HTMLInputElement;
    expect(screen.getByLabelText("Teléfono (opcional)")).toBeTruthy();
    fireEvent.change(name, { target: { value: "Annie" } });
    expect(within(bar()).getByText("Tienes cambios sin guardar.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Guardar preferencias" }));
    expect(await within(bar()).findByText("Se guardó tu perfil.")).toBeTruthy();
    // Nothing English is left on the form.
    expect(rendered.result.container.textContent).not.toMatch(/Your details|Saved|Save Preferences|unsaved/);
  });
});
