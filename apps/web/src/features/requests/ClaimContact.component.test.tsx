// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, i18n, loadNamespaces } from "../../i18n/i18n";
import { ClaimContact } from "./ClaimContact";
import type { OneRequestView } from "./types";

const NOW = new Date("2026-06-01T10:00:00Z");
const ANN = "ann-id";
const BO = "bo-id";

function claimed(overrides: Partial<OneRequestView> = {}): OneRequestView {
  return {
    id: "request-1",
    userId: ANN,
    groupId: "group-1",
    groupName: "Elm Street",
    itemDescription: "Oat milk",
    storePreference: null,
    neededBy: new Date(NOW.getTime() + 3_600_000).toISOString(),
    pickupNotes: null,
    ifUnavailable: "similar",
    status: "claimed",
    displayStatus: "claimed",
    claimedBy: BO,
    claimedAt: NOW.toISOString(),
    fulfilledAt: null,
    lastNotifiedAt: null,
    lastReach: null,
    thankedAt: null,
    createdAt: NOW.toISOString(),
    firstOfferedAt: null,
    awaitingFirstOffer: false,
    firstInGroup: false,
    creator: { id: ANN, name: "Ann", generalArea: "Elm Street" },
    helper: { id: BO, name: "Bo", generalArea: null },
    tripId: null,
    quantity: 1,
    seriesId: null,
    repeats: null,
    seriesHelperId: null,
    onBehalfOf: null,
    contact: null,
    ...overrides,
  };
}

const show = (view: OneRequestView, viewerId: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <ClaimContact request={view} viewerId={viewerId} />
    </I18nProvider>,
  );

beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["asking"]);
});
afterEach(cleanup);

describe("the contact block of a claim", () => {
  it("shows the helper of a request posted for a neighbour without the app her phone, area and how to reach her", () => {
    show(
      claimed({
        onBehalfOf: { id: "offline-1", name: "Mrs. Okafor" },
        contact: {
          userId: ANN,
          phone: null,
          generalArea: null,
          neighbour: {
            name: "Mrs. Okafor",
            phone: "020 7946 0000",
            generalArea: "Elm Street 4",
            howToReach: "Ring twice",
          },
        },
      }),
      BO,
    );
    const hers = screen.getByRole("region", { name: "How to reach Mrs. Okafor (no app)" });
    expect(within(hers).getByRole("link", { name: "020 7946 0000" }).getAttribute("href")).toBe("tel:02079460000");
    expect(hers.textContent).toContain("Elm Street 4");
    expect(hers.textContent).toContain("Ring twice");
    expect(hers.textContent).toContain("Ann posted this for them and passes things on.");
  });

  it("shows the helper the requester's phone as a tel: link and her area", () => {
    show(
      claimed({ contact: { userId: ANN, phone: "+44 20 7946 0958", generalArea: "Elm Street", neighbour: null } }),
      BO,
    );
    const block = screen.getByRole("region", { name: "How to reach Ann" });
    expect(within(block).getByRole("link", { name: "+44 20 7946 0958" }).getAttribute("href")).toBe(
      "tel:+442079460958",
    );
    expect(block.textContent).toContain("AreaElm Street");
    expect(block.textContent).not.toContain("asked to be asked first");
  });

  it("shows the requester her helper, saying what he did not give", () => {
    show(claimed({ contact: { userId: BO, phone: null, generalArea: null, neighbour: null } }), ANN);
    const block = screen.getByRole("region", { name: "How to reach Bo" });
    expect(within(block).queryByRole("link")).toBeNull();
    expect(block.textContent).toContain("No phone number given");
    expect(block.textContent).toContain("No area given");
  });

  it("tells the helper of an 'Ask me first' request to ask", () => {
    show(
      claimed({
        ifUnavailable: "ask",
        contact: { userId: ANN, phone: "0151 234 5678", generalArea: null, neighbour: null },
      }),
      BO,
    );
    expect(screen.getByTestId("claim-contact").textContent).toContain(
      "Ann asked to be asked first if it is not there.",
    );
  });

  it("shows nothing when the server sent no contact", () => {
    show(claimed(), "someone-else");
    expect(screen.queryByTestId("claim-contact")).toBeNull();
  });
});
