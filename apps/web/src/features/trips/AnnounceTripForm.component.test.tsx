// @vitest-environment happy-dom
import { TRPCClientError } from "@trpc/client";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { renderWithApi } from "../../test/render";
import { AnnounceTripForm } from "./AnnounceTripForm";

// PRODUCT "Trips on screen": the announce form.
afterEach(cleanup);
beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["trips"]);
});

/** A refusal as the server sends it: its text in the page's language and its message key (ADR 0020). */
function refusal(message: string, messageKey: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, messageKey } } },
  } as never);
}

const groups = [
  { id: "g1", name: "Elm Street" },
  { id: "g2", name: "Oak Court" },
];

function show(create: (input: unknown) => unknown) {
  const onAnnounced = vi.fn();
  const rendered = renderWithApi(
    <AnnounceTripForm groups={groups} now={new Date(2030, 5, 1)} onAnnounced={onAnnounced} onCancel={() => {}} />,
    { "user.me": () => null, "trips.create": create },
  );
  return { ...rendered, onAnnounced };
}

describe("announcing a trip", () => {
  it("says the server's refusal under the field it is about, keeping everything typed", async () => {
    show(() => {
      throw refusal("Leaving time must be in the future", "tripDepartsAtPast");
    });
    fireEvent.change(screen.getByLabelText("Store"), { target: { value: "Aldi" } });
    fireEvent.change(screen.getByLabelText("When you leave"), { target: { value: "2030-06-15T09:00" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Oak Court" }));
    fireEvent.click(screen.getByRole("button", { name: "Announce trip" }));
    const error = await screen.findByText("Leaving time must be in the future");
    expect(error.className).toBe("field-error");
    expect(screen.getByLabelText("When you leave").getAttribute("aria-describedby")).toContain(error.id);
    expect(document.activeElement).toBe(screen.getByLabelText("When you leave"));
    expect((screen.getByLabelText("Store") as HTMLInputElement).value).toBe("Aldi");
    expect((screen.getByRole("checkbox", { name: "Oak Court" }) as HTMLInputElement).checked).toBe(true);
  });

  it("sends the chosen groups and the weekly repeat, with no closing time when left empty", async () => {
    const { calls, onAnnounced } = show((input) => ({ id: "t1", store: "Aldi", input }));
    fireEvent.change(screen.getByLabelText("Store"), { target: { value: "Aldi" } });
    fireEvent.change(screen.getByLabelText("When you leave"), { target: { value: "2030-06-15T09:00" } });
    expect(screen.getByText("Leave it empty to close at 08:00.")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Elm Street" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Oak Court" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "I go every week: announce the next one for me" }));
    fireEvent.click(screen.getByRole("button", { name: "Announce trip" }));
    await waitFor(() => expect(onAnnounced).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "trips.create")?.input).toMatchObject({
      store: "Aldi",
      groupIds: ["g1", "g2"],
      closesAt: null,
      repeat: { every: "week" },
    });
  });

  it("asks for a group before sending anything", () => {
    const { calls } = show(() => ({}));
    fireEvent.change(screen.getByLabelText("Store"), { target: { value: "Aldi" } });
    fireEvent.change(screen.getByLabelText("When you leave"), { target: { value: "2030-06-15T09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Announce trip" }));
    expect(screen.getByText("Choose at least one of your groups for the trip")).toBeTruthy();
    expect(calls.some((c) => c.path === "trips.create")).toBe(false);
  });
});
