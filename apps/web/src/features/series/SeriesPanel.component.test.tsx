// @vitest-environment happy-dom
import type { RouterOutputs } from "../../lib/trpc";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApi } from "../../test/render";
import type { RequestView } from "../requests/types";
import { SeriesPanel } from "./SeriesPanel";

// Issue 38: "Skip this one" names the occurrence it skips, so a second tap skips nothing more.
/** A series as the page reads it: its times are the wire's ISO texts. */
type SeriesView = NonNullable<RouterOutputs["requestSeries"]["byId"]>;

afterEach(cleanup);

const NOW = new Date(2030, 5, 10, 12);

const taken: RequestView = {
  id: "r1",
  userId: "ann",
  groupId: "g1",
  groupName: "Elm Street",
  itemDescription: "Oat milk",
  storePreference: null,
  neededBy: new Date(2030, 5, 14, 18).toISOString(),
  pickupNotes: null,
  ifUnavailable: "similar",
  status: "claimed",
  displayStatus: "claimed",
  claimedBy: "bo",
  claimedAt: NOW.toISOString(),
  fulfilledAt: null,
  lastNotifiedAt: null,
  lastReach: null,
  thankedAt: null,
  createdAt: NOW.toISOString(),
  firstOfferedAt: null,
  awaitingFirstOffer: false,
  firstInGroup: false,
  creator: { id: "ann", name: "Ann", generalArea: null },
  helper: { id: "bo", name: "Bo", generalArea: null },
  tripId: null,
  quantity: 1,
  seriesId: "s1",
  repeats: "week",
  seriesHelperId: null,
  onBehalfOf: null,
};

describe("skipping a taken occurrence of a repeating request", () => {
  it("sends the series and the occurrence's own request id", async () => {
    const { calls } = renderWithApi(<SeriesPanel request={taken} viewerId="ann" now={NOW} />, {
      "requestSeries.skip": () => ({ current: null }) as unknown as SeriesView,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Skip this one" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Skip this one" }));
    await waitFor(() => expect(calls.filter((call) => call.path === "requestSeries.skip")).toHaveLength(1));
    expect(calls.find((call) => call.path === "requestSeries.skip")!.input).toEqual({ id: "s1", requestId: "r1" });
  });
});
