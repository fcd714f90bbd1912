// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { renderWithApi } from "../../test/render";
import { CreateRequestModal } from "./CreateRequestModal";
import { RecentOwnChanges } from "./live-announcements";

// Issue 28 §2: the New Request form's Repeat choice.
afterEach(cleanup);
beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["asking", "requests"]);
});

const group = {
  id: "g1",
  name: "Elm Street",
  createdBy: "u1",
  createdAt: new Date(2030, 0, 1).toISOString(),
  joinedAt: new Date(2030, 0, 1).toISOString(),
  memberCount: 3,
  rulesToAccept: null,
  rulesAccepted: null,
};

function show(create: (input: unknown) => unknown) {
  const onCreated = vi.fn();
  const rendered = renderWithApi(
    <CreateRequestModal
      open
      onClose={() => {}}
      groups={[group]}
      now={new Date(2030, 5, 1, 10)}
      clockOffsetMs={new Date(2030, 5, 1, 10).getTime() - Date.now()}
      own={new RecentOwnChanges()}
      onCreated={onCreated}
    />,
    { "user.me": () => null, "requests.create": create },
  );
  return { ...rendered, onCreated };
}

function fillIn() {
  fireEvent.change(screen.getByLabelText("Item description"), { target: { value: "Oat milk" } });
  fireEvent.change(screen.getByLabelText("Needed by"), { target: { value: "2030-06-05T10:00" } });
}

const posted = (input: unknown) => ({
  ...(input as object),
  id: "r1",
  groupName: "Elm Street",
  createdAt: "2030-06-01T10:00:00.000Z",
  reach: { now: 1, later: 0, daily: 0, weekly: 0, appOnly: 0 },
});

describe("the Repeat choice", () => {
  it("is Never by default and sends no repeat", async () => {
    const { calls, onCreated } = show(posted);
    expect((screen.getByLabelText("Repeat") as HTMLSelectElement).value).toBe("never");
    expect(screen.queryByLabelText("Until (optional)")).toBeNull();
    fillIn();
    fireEvent.click(screen.getByRole("button", { name: "Create Request" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "requests.create")?.input).toMatchObject({ repeat: null });
  });

  it("sends every 2 weeks until the end of the chosen day", async () => {
    const { calls, onCreated } = show(posted);
    fillIn();
    fireEvent.change(screen.getByLabelText("Repeat"), { target: { value: "2weeks" } });
    expect(screen.getByText(/Only the next time is open at once/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Until (optional)"), { target: { value: "2030-08-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Request" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "requests.create")?.input).toMatchObject({
      repeat: { every: "2weeks", until: new Date(2030, 7, 31, 23, 59, 59, 999) },
    });
  });

  it("refuses an end date before the first needed-by time, under the field, without posting", async () => {
    const { calls } = show(posted);
    fillIn();
    fireEvent.change(screen.getByLabelText("Repeat"), { target: { value: "week" } });
    fireEvent.change(screen.getByLabelText("Until (optional)"), { target: { value: "2030-06-04" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Request" }));
    expect(await screen.findByText("The repeat's end date must not come before the first needed-by time")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Until (optional)"));
    expect(calls.some((c) => c.path === "requests.create")).toBe(false);
  });
});
