// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { signedInUser } from "../../test/signed-in";
import { ApiFailure, renderWithApi } from "../../test/render";
import { NotificationsQuestion } from "./NotificationsQuestion";

// PRODUCT "Asked once" (issue 26).
afterEach(cleanup);
beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["groups", "profile"]);
});

const viewer = signedInUser({ email: "nia@example.com", name: "Nia", notificationsAsked: false });

function show(answer: (input: unknown) => unknown = (input) => ({ ...viewer, notificationsAsked: true, input })) {
  return renderWithApi(<NotificationsQuestion viewer={viewer} />, {
    "user.me": () => viewer,
    "user.answerNotificationsQuestion": answer,
  });
}

const save = () => screen.getByRole("button", { name: "Save my choice" });
const answers = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path === "user.answerNotificationsQuestion").map((c) => c.input);

describe("the question asked once", () => {
  it("offers the four answers, saves the chosen one, and says where to change it", async () => {
    const { calls } = show();
    expect(
      screen.getByRole("region", { name: "How should we tell you when a neighbour needs something?" }),
    ).toBeTruthy();
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      "Immediately",
      "Daily summary (8 AM)",
      "Weekly summary",
      "Only in the app",
    ]);
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Only in the app"));
    fireEvent.click(save());
    expect(await screen.findByText("Saved. You can change it any time in your profile.")).toBeTruthy();
    expect(answers(calls)).toEqual([{ frequency: "disabled" }]);
  });

  it("is put off with Not now for this visit only: nothing is saved, and the next visit asks again (issue 43 §5)", async () => {
    sessionStorage.clear();
    const { calls } = show();
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Not now" })).toBeNull());
    expect(answers(calls)).toEqual([]);
    cleanup();
    // Another page of this visit: still put off.
    show();
    expect(screen.queryByRole("button", { name: "Not now" })).toBeNull();
    cleanup();
    // The next visit (a new session): asked again.
    sessionStorage.clear();
    show();
    expect(screen.getByRole("button", { name: "Not now" })).toBeTruthy();
  });

  it("keeps the choice and says so when it could not be saved", async () => {
    show(() => {
      throw new ApiFailure("Something went wrong");
    });
    fireEvent.click(screen.getByLabelText("Daily summary (8 AM)"));
    fireEvent.click(save());
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect((screen.getByLabelText("Daily summary (8 AM)") as HTMLInputElement).checked).toBe(true);
  });

  it("is not shown to an account already asked", () => {
    renderWithApi(<NotificationsQuestion viewer={{ ...viewer, notificationsAsked: true }} />, {
      "user.me": () => viewer,
    });
    expect(screen.queryByRole("radio")).toBeNull();
  });
});

describe("the question asked once, in Spanish and German", () => {
  afterEach(() => activateLocale("en"));

  it.each([
    ["es", "¿Cómo te avisamos cuando un vecino necesite algo?", "Resumen diario (8:00)"],
    ["de", "Wie sollen wir dir Bescheid geben, wenn ein Nachbar etwas braucht?", "Tägliche Zusammenfassung (8 Uhr)"],
  ] as const)("%s", async (locale, title, daily) => {
    await activateLocale(locale);
    await loadNamespaces(["groups", "profile"]);
    show();
    expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByLabelText(daily)).toBeTruthy();
  });
});
