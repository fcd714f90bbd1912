// @vitest-environment happy-dom
import { messages } from "@hyn/validators/messages";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { signedInUser } from "../../test/signed-in";
import { ApiFailure, renderWithApi, type Handlers } from "../../test/render";
import { ProfileSettingsForm } from "./ProfileSettingsForm";

afterEach(cleanup);

const user = signedInUser({ generalArea: "North end" });

function showForm(handlers: Handlers = {}) {
  const rendered = renderWithApi(<ProfileSettingsForm user={user} />, {
    "user.me": () => user,
    "user.updateProfile": (input) => ({ ...user, ...(input as object) }),
    ...handlers,
  });
  const name = screen.getByLabelText("Name") as HTMLInputElement;
  const phone = screen.getByLabelText("Phone (optional)") as HTMLInputElement;
  return { ...rendered, name, phone };
}

const updates = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path === "user.updateProfile").map((c) => c.input);

describe("your details (each field saves as it is left)", () => {
  it("has no Save button: leaving a changed field saves it and says so in place", async () => {
    const { name, calls } = showForm();
    expect(screen.queryByRole("button", { name: /save/i })).toBeNull();
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.blur(name);
    expect(await screen.findByText("Saved: Name.")).toBeTruthy();
    expect(updates(calls)).toEqual([{ name: "Annie", phone: null, generalArea: "North end" }]);
    expect(screen.getByRole("status").textContent).toContain("Saved: Name.");
  });

  it("sends nothing when leaving a field that stores what is stored", async () => {
    const { name, calls } = showForm();
    fireEvent.change(name, { target: { value: " Ann " } });
    fireEvent.blur(name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updates(calls)).toEqual([]);
  });

  it("saves two fields left one after the other, each over the other's saved value", async () => {
    const { name, phone, calls } = showForm();
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.blur(name);
    fireEvent.change(phone, { target: { value: "+1 555 123 4567" } });
    fireEvent.blur(phone);
    await waitFor(() => expect(updates(calls)).toHaveLength(2));
    expect(updates(calls)[1]).toEqual({ name: "Annie", phone: "+1 555 123 4567", generalArea: "North end" });
  });

  it("keeps the typed text and says why when the server refuses", async () => {
    const { name } = showForm({
      "user.updateProfile": () => {
        throw new ApiFailure("Name is too long");
      },
    });
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.blur(name);
    expect(await screen.findByText("Name is too long")).toBeTruthy();
    expect(name.value).toBe("Annie");
  });

  it("refuses an empty name or a malformed phone before sending anything", async () => {
    const { name, phone, calls } = showForm();
    fireEvent.change(name, { target: { value: "   " } });
    fireEvent.blur(name);
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    fireEvent.change(phone, { target: { value: "call me" } });
    fireEvent.blur(phone);
    expect(await screen.findByText(messages.enterValidPhone)).toBeTruthy();
    expect(updates(calls)).toEqual([]);
  });
});

describe("your details in Spanish", () => {
  afterEach(() => activateLocale("en"));

  it("shows its labels and its saved note in Spanish", async () => {
    await activateLocale("es");
    await loadNamespaces(["profile"]);
    const rendered = renderWithApi(<ProfileSettingsForm user={user} />, {
      "user.me": () => user,
      "user.updateProfile": (input) => ({ ...user, ...(input as object) }),
    });
    expect(screen.getByRole("heading", { name: "Tus datos" })).toBeTruthy();
    const name = screen.getByLabelText("Nombre") as HTMLInputElement;
    expect(screen.getByLabelText("Teléfono (opcional)")).toBeTruthy();
    fireEvent.change(name, { target: { value: "Annie" } });
    fireEvent.blur(name);
    expect(await screen.findByText("Guardado: Nombre.")).toBeTruthy();
    // Nothing English is left on the form.
    expect(rendered.result.container.textContent).not.toMatch(/Your details|Saved|Name/);
  });
});
