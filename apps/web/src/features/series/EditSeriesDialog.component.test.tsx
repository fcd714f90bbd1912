// @vitest-environment happy-dom
import type { RouterOutputs } from "../../lib/trpc";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure, renderWithApi, type Handlers } from "../../test/render";
import type { RequestView } from "../requests/types";
import { EditSeriesDialog } from "./EditSeriesDialog";

// Issue 28 §2: "Edit repeating request": the next unclaimed occurrence and the later ones change.
/** A series as the page reads it: its times are the wire's ISO texts. */
type SeriesView = NonNullable<RouterOutputs["requestSeries"]["byId"]>;

afterEach(cleanup);

const FIRST = new Date(2030, 5, 7, 18);

function occurrence(overrides: Partial<RequestView> = {}): RequestView {
  return {
    id: "r2",
    userId: "ann",
    groupId: "g1",
    groupName: "Elm Street",
    itemDescription: "Oat milk",
    storePreference: null,
    neededBy: new Date(2030, 5, 14, 18).toISOString(),
    pickupNotes: null,
    ifUnavailable: "similar",
    status: "open",
    displayStatus: "open",
    claimedBy: null,
    claimedAt: null,
    fulfilledAt: null,
    lastNotifiedAt: null,
    lastReach: null,
    thankedAt: null,
    createdAt: FIRST.toISOString(),
    firstOfferedAt: null,
    awaitingFirstOffer: false,
    firstInGroup: false,
    creator: { id: "ann", name: "Ann", generalArea: null },
    helper: null,
    tripId: null,
    quantity: 1,
    seriesId: "s1",
    repeats: "week",
    seriesHelperId: null,
    onBehalfOf: null,
    ...overrides,
  };
}

function series(overrides: Partial<SeriesView> = {}): SeriesView {
  return {
    id: "s1",
    userId: "ann",
    groupId: "g1",
    itemDescription: "Oat milk",
    storePreference: null,
    pickupNotes: null,
    ifUnavailable: "similar",
    every: "week",
    firstNeededBy: FIRST.toISOString(),
    until: null,
    helperId: null,
    stoppedAt: null,
    createdAt: FIRST.toISOString(),
    current: occurrence(),
    nextNeededBy: new Date(2030, 5, 21, 18).toISOString(),
    ...overrides,
  };
}

function show(handlers: Handlers) {
  const onClose = vi.fn();
  const rendered = renderWithApi(<EditSeriesDialog seriesId="s1" open onClose={onClose} />, handlers);
  return { ...rendered, onClose };
}

const saved = (input: unknown) => series(input as Partial<SeriesView>);

describe("editing a repeating request", () => {
  it("shows what it asks for now, says the change starts with the next one, and saves what was changed", async () => {
    const { calls, onClose } = show({
      "requestSeries.byId": () => series({ storePreference: "Aldi" }),
      "requestSeries.update": saved,
    });
    const item = (await screen.findByLabelText("Item description")) as HTMLInputElement;
    expect(item.value).toBe("Oat milk");
    expect((screen.getByLabelText("Store preference (optional)") as HTMLInputElement).value).toBe("Aldi");
    expect(screen.getByText(/Your changes apply from the one needed by/)).toBeTruthy();
    expect(screen.getByTestId("series-every").textContent).toContain("Every week");
    fireEvent.change(item, { target: { value: "Oat milk, 2 litres" } });
    fireEvent.click(screen.getByLabelText("Skip it"));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // An untouched end date is not sent again.
    expect(calls.find((c) => c.path === "requestSeries.update")?.input).toEqual({
      id: "s1",
      itemDescription: "Oat milk, 2 litres",
      storePreference: "Aldi",
      pickupNotes: null,
      ifUnavailable: "skip",
    });
    expect(await screen.findByText("Oat milk, 2 litres is changed from the next time on")).toBeTruthy();
  });

  it("says the change starts with the one after the next when a helper has taken the next", async () => {
    show({
      "requestSeries.byId": () =>
        series({
          current: occurrence({
            status: "claimed",
            displayStatus: "claimed",
            claimedBy: "bo",
            helper: { id: "bo", name: "Bo", generalArea: null },
          }),
        }),
    });
    expect(
      await screen.findByText(/Bo is already getting the one needed by .*: your changes start with the one after it/),
    ).toBeTruthy();
  });

  it("sends a new end date as the end of that day, and refuses one before the first time without sending", async () => {
    const { calls, onClose } = show({ "requestSeries.byId": () => series(), "requestSeries.update": saved });
    const until = await screen.findByLabelText("Until (optional)");
    fireEvent.change(until, { target: { value: "2030-06-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("The repeat's end date must not come before the first needed-by time")).toBeTruthy();
    expect(calls.some((c) => c.path === "requestSeries.update")).toBe(false);
    fireEvent.change(until, { target: { value: "2030-08-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "requestSeries.update")?.input).toMatchObject({
      until: new Date(2030, 7, 31, 23, 59, 59, 999),
    });
  });

  it("keeps what was typed when the server refuses, and says why", async () => {
    const { onClose } = show({
      "requestSeries.byId": () => series(),
      "requestSeries.update": () => {
        throw new ApiFailure("This request no longer repeats");
      },
    });
    const item = await screen.findByLabelText("Item description");
    fireEvent.change(item, { target: { value: "Soy milk" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("This request no longer repeats")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Item description") as HTMLInputElement).value).toBe("Soy milk");
  });

  it("offers to try again when the series cannot be loaded", async () => {
    let fail = true;
    show({
      "requestSeries.byId": () => {
        if (fail) throw new ApiFailure("down");
        return series();
      },
    });
    const retry = await screen.findByRole("button", { name: "Retry" });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByLabelText("Item description")).toBeTruthy();
  });
});
