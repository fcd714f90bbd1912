// @vitest-environment happy-dom
import { messages } from "@hyn/validators/messages";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import type { CurrentUser } from "../../lib/trpc";
import { ApiFailure, renderWithApi, type Handlers } from "../../test/render";
import { ProfileSettingsForm } from "./ProfileSettingsForm";

afterEach(cleanup);

const user: CurrentUser = {
  id: "user-1",
  email: "ann@example.com",
  name: "Ann",
  phone: null,
  generalArea: "North end",
  isAdmin: false,
  locale: "en",
  emailVerified: true,
  notificationsAsked: true,
  createdAt: new Date("2026-01-01T00:00:00Z"),
};
const savedPreferences = {
  userId: user.id,
  frequency: "daily" as const,
  lastDailySent: null,
  createdAt: user.createdAt,
  updatedAt: user.createdAt,
};

function showForm(handlers: Handlers = {}) {
  const rendered = renderWithApi(<ProfileSettingsForm user={user} />, {
    "user.me": () => user,
    "user.emailPreferences": () => savedPreferences,
    ...handlers,
  });
  const name = screen.getByLabelText("Name") as HTMLInputElement;
  return { ...rendered, name };
}

const saveButton = () => screen.queryByRole("button", { name: "Save Preferences" });
const cancelButton = () => screen.queryByRole("button", { name: "Cancel" });

describe("the profile form", () => {
  it("offers Cancel and Save only while something differs from what is saved", async () => {
    const { name } = showForm();
    await screen.findByLabelText("Daily Summary (8 AM)");
    expect(saveButton()).toBeNull();
    fireEvent.change(name, { target: { value: "Annie" } });
    expect(saveButton()).toBeTruthy();
    expect(cancelButton()).toBeTruthy();
    // Typed back to the saved value: nothing to save.
    fireEvent.change(name, { target: { value: "Ann" } });
    expect(saveButton()).toBeNull();
    fireEvent.click(screen.getByLabelText("Immediate Notifications"));
    expect(saveButton()).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Daily Summary (8 AM)"));
    expect(saveButton()).toBeNull();
  });

  it("puts the saved values back on Cancel", async () => {
    const { name } = showForm();
    await screen.findByLabelText("Daily Summary (8 AM)");
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.click(screen.getByLabelText("Never"));
    fireEvent.click(cancelButton()!);
    expect(name.value).toBe("Ann");
    expect((screen.getByLabelText("Daily Summary (8 AM)") as HTMLInputElement).checked).toBe(true);
    expect(saveButton()).toBeNull();
  });

  it("sends only what changed", async () => {
    const { calls } = showForm({
      "user.updateEmailPreferences": (input) => ({ ...savedPreferences, ...(input as object) }),
    });
    await screen.findByLabelText("Daily Summary (8 AM)");
    fireEvent.click(screen.getByLabelText("Immediate Notifications"));
    fireEvent.click(saveButton()!);
    expect(await screen.findByText("Your email preferences are saved.")).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith("user.update")).map((c) => [c.path, c.input])).toEqual([
      ["user.updateEmailPreferences", { frequency: "immediate" }],
    ]);
    await waitFor(() => expect(saveButton()).toBeNull());
  });

  it("keeps the typed text and says why when the server refuses", async () => {
    const { name } = showForm({
      "user.updateProfile": () => {
        throw new ApiFailure("Name is too long");
      },
    });
    await screen.findByLabelText("Daily Summary (8 AM)");
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.click(saveButton()!);
    expect(await screen.findByText("Name is too long")).toBeTruthy();
    expect(name.value).toBe("Annie");
    expect(saveButton()).toBeTruthy();
  });

  it("refuses an empty name before sending anything", async () => {
    const { name, calls } = showForm();
    await screen.findByLabelText("Daily Summary (8 AM)");
    fireEvent.change(name, { target: { value: "   " } });
    fireEvent.click(saveButton()!);
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === "user.updateProfile")).toBe(false);
  });
});

describe("the profile form in Spanish", () => {
  afterEach(() => activateLocale("en"));

  it("shows its labels, choices and buttons in Spanish", async () => {
    await activateLocale("es");
    await loadNamespaces(["profile"]);
    const rendered = renderWithApi(<ProfileSettingsForm user={user} />, {
      "user.me": () => user,
      "user.emailPreferences": () => savedPreferences,
    });
    expect(screen.getByRole("heading", { name: "Tus datos" })).toBeTruthy();
    const name = screen.getByLabelText("Nombre") as HTMLInputElement;
    expect(screen.getByLabelText("Teléfono (opcional)")).toBeTruthy();
    expect(await screen.findByLabelText("Resumen diario (8:00)")).toBeTruthy();
    expect(screen.getByText("Todavía no se ha enviado ningún resumen diario.")).toBeTruthy();
    fireEvent.change(name, { target: { value: "Annie" } });
    expect(screen.getByRole("button", { name: "Guardar preferencias" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Cambios sin guardar" })).toBeTruthy();
    // Nothing English is left on the form.
    expect(rendered.result.container.textContent).not.toMatch(/Your details|Save Preferences|Daily Summary/);
  });
});
