// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { renderWithApi } from "../../test/render";
import { ShoppingList } from "./ShoppingList";
import type { TripItem, TripNeighbour } from "./types";

// PRODUCT "Trips on screen": the tripper's shopping list, grouped by neighbour.
afterEach(cleanup);
beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["trips"]);
});

const person = (id: string, name: string) => ({ id, name, generalArea: null });
let counter = 0;
function item(owner: ReturnType<typeof person>, overrides: Partial<TripItem>): TripItem {
  counter++;
  return {
    id: `item-${counter}`,
    userId: owner.id,
    groupId: "g1",
    groupName: "Elm Street",
    itemDescription: `Item ${counter}`,
    storePreference: "Aldi",
    neededBy: new Date("2030-06-15T09:00:00Z"),
    pickupNotes: null,
    ifUnavailable: "similar",
    status: "claimed",
    displayStatus: "claimed",
    claimedBy: "tripper",
    claimedAt: new Date("2030-06-14T09:00:00Z"),
    fulfilledAt: null,
    lastNotifiedAt: null,
    lastReach: null,
    thankedAt: null,
    createdAt: new Date("2030-06-14T08:00:00Z"),
    creator: owner,
    helper: person("tripper", "Tia"),
    tripId: "trip-1",
    quantity: 1,
    mark: "pending",
    requesterPhone: null,
    ...overrides,
  } as TripItem;
}

const nia = person("u-nia", "Nia");
const omar = person("u-omar", "Omar");
const neighbours: TripNeighbour[] = [
  {
    neighbour: nia,
    items: [
      item(nia, { itemDescription: "Oat milk", quantity: 2, ifUnavailable: "skip", mark: "got" }),
      item(nia, { itemDescription: "Rye bread", ifUnavailable: "ask", requesterPhone: "0151 234 567" }),
    ],
  },
  {
    neighbour: omar,
    items: [item(omar, { itemDescription: "Coffee beans", pickupNotes: "The dark roast" })],
  },
];

function show(shopping: boolean, handlers: { onMark?: () => void; onDeliver?: () => void } = {}) {
  return renderWithApi(<ShoppingList neighbours={neighbours} shopping={shopping} {...handlers} />, {
    "user.me": () => null,
  });
}

const section = (name: string) => screen.getByRole("region", { name });
const itemsOf = (name: string) =>
  within(section(name))
    .getAllByTestId("shopping-item")
    .map((li) => li.querySelector(".shopping-item-title")?.textContent);

describe("the shopping list", () => {
  it("puts each neighbour's items under their own heading, in the order they came", () => {
    show(true);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Nia", "Omar"]);
    expect(itemsOf("Nia")).toEqual(["2 × Oat milk", "Rye bread"]);
    expect(itemsOf("Omar")).toEqual(["Coffee beans"]);
    expect(within(section("Omar")).getByText("The dark roast")).toBeTruthy();
  });

  it("says each item's rule for when it is not there, with the phone for ask first", () => {
    show(true);
    expect(within(section("Nia")).getByText("If not there: skip it")).toBeTruthy();
    expect(within(section("Nia")).getByText("If not there: ask first, 0151 234 567")).toBeTruthy();
    expect(within(section("Omar")).getByText("If not there: a similar one is fine")).toBeTruthy();
  });

  it("ticks an item with a pressed toggle, and a tick tapped again takes it back", () => {
    const onMark = vi.fn();
    show(true, { onMark });
    const got = screen.getByRole("button", { name: "Got it: Oat milk" });
    expect(got.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(got);
    fireEvent.click(screen.getByRole("button", { name: "Not there: Rye bread" }));
    expect(onMark.mock.calls.map(([i, mark]) => [(i as TripItem).itemDescription, mark])).toEqual([
      ["Oat milk", "pending"],
      ["Rye bread", "not_there"],
    ]);
  });

  it("offers Delivered for a neighbour once something of theirs is ticked", () => {
    const onDeliver = vi.fn();
    show(true, { onDeliver });
    const deliverOmar = screen.getByRole("button", { name: "Delivered to Omar" }) as HTMLButtonElement;
    expect(deliverOmar.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Delivered to Nia" }));
    expect(onDeliver.mock.calls.map(([n]) => (n as TripNeighbour).neighbour.name)).toEqual(["Nia"]);
  });

  it("says where a Not there item went, without ticks, and a bag of only Not there is not Delivered (issue 43 §1)", () => {
    const gone = (overrides: Partial<TripItem>) =>
      item(nia, {
        status: "open",
        displayStatus: "open",
        claimedBy: null,
        mark: "not_there",
        tripId: null,
        ...overrides,
      });
    renderWithApi(
      <ShoppingList
        neighbours={[
          {
            neighbour: nia,
            items: [gone({ itemDescription: "Tofu" }), gone({ itemDescription: "Jam", ifUnavailable: "skip" })],
          },
        ]}
        shopping
      />,
      { "user.me": () => null },
    );
    const bag = section("Nia");
    expect(
      within(bag)
        .getAllByTestId("shopping-item-gone")
        .map((p) => p.textContent),
    ).toEqual(["Not there: an open request again, for others to help with", "Not there: closed, as asked (skip it)"]);
    expect(within(bag).queryAllByRole("button")).toEqual([]);
    expect(within(bag).getByText("Nothing to deliver")).toBeTruthy();
    expect(within(bag).queryByText("Delivered")).toBeNull();
  });

  it("shows the list without ticks before shopping", () => {
    show(false);
    expect(screen.queryByRole("button")).toBeNull();
    expect(within(section("Nia")).getByText("Got")).toBeTruthy();
    expect(within(section("Omar")).getByText("On the list")).toBeTruthy();
  });
});
