// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from "vitest";
import { activateLocale, i18n, loadNamespaces } from "../../i18n/i18n";
import { formatWeekdayDay } from "../../lib/dates";
import { RequestCard } from "./RequestCard";
import type { RequestActions } from "./useRequestActions";
import type { RequestView } from "./types";

const NOW = new Date("2026-06-01T10:00:00Z");
const HOUR = 3_600_000;
const OWNER = "owner-id";
const HELPER = "helper-id";
const OTHER = "other-id";

function request(overrides: Partial<RequestView> = {}): RequestView {
  return {
    id: "request-1",
    userId: OWNER,
    groupId: "group-1",
    groupName: "Elm Street",
    itemDescription: "Two pints of milk",
    storePreference: "Corner shop",
    neededBy: new Date(NOW.getTime() + 5 * HOUR).toISOString(),
    pickupNotes: "Blue door",
    ifUnavailable: "similar",
    status: "open",
    displayStatus: "open",
    claimedBy: null,
    claimedAt: null,
    fulfilledAt: null,
    lastNotifiedAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
    lastReach: { now: 2, later: 0, daily: 1, weekly: 0, appOnly: 1 },
    thankedAt: null,
    createdAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
    firstOfferedAt: null,
    awaitingFirstOffer: false,
    firstInGroup: false,
    creator: { id: OWNER, name: "Ann", generalArea: "North end" },
    helper: null,
    tripId: null,
    quantity: 1,
    seriesId: null,
    repeats: null,
    seriesHelperId: null,
    onBehalfOf: null,
    ...overrides,
  };
}

const claimed = (overrides: Partial<RequestView> = {}) =>
  request({
    status: "claimed",
    displayStatus: "claimed",
    claimedBy: HELPER,
    claimedAt: NOW.toISOString(),
    helper: { id: HELPER, name: "Bo", generalArea: null },
    ...overrides,
  });

function fakeActions(): { [K in keyof RequestActions]: Mock<RequestActions[K]> } {
  const done = () => vi.fn(async () => true);
  return {
    claim: done(),
    unclaim: done(),
    fulfill: done(),
    notify: done(),
    remove: done(),
    thank: done(),
    series: done(),
    skip: vi.fn(async () => "request-2"),
  } as never;
}

/** Where the in-app router is, so a test can tell a link that navigates in the app from one that reloads. */
function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function show(view: RequestView, viewerId: string, actions = fakeActions()) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={["/"]}>
        <RequestCard request={view} viewerId={viewerId} now={NOW} actions={actions} />
        <Location />
      </MemoryRouter>
    </I18nProvider>,
  );
  return actions;
}

const buttons = () =>
  within(screen.getByTestId("request-card"))
    .queryAllByRole("button")
    .map((button) => button.textContent);

beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["requests"]);
});
afterEach(cleanup);

describe("a request card's buttons", () => {
  it.each([
    ["the owner of an open request", request(), OWNER, ["Notify group", "Delete"]],
    ["a neighbour looking at an open request", request(), OTHER, ["I can help"]],
    ["the helper of a claimed request", claimed(), HELPER, ["Mark fulfilled", "Unclaim"]],
    ["another neighbour looking at a claimed request", claimed(), OTHER, []],
    ["the owner of a claimed request", claimed(), OWNER, ["Delete"]],
    [
      "the owner of a fulfilled request",
      claimed({ status: "fulfilled", displayStatus: "fulfilled", fulfilledAt: NOW.toISOString() }),
      OWNER,
      ["Thank you"],
    ],
    [
      "the owner of a fulfilled request they thanked for",
      claimed({
        status: "fulfilled",
        displayStatus: "fulfilled",
        fulfilledAt: NOW.toISOString(),
        thankedAt: NOW.toISOString(),
      }),
      OWNER,
      [],
    ],
    [
      "the helper of a fulfilled request",
      claimed({ status: "fulfilled", displayStatus: "fulfilled", fulfilledAt: NOW.toISOString() }),
      HELPER,
      [],
    ],
    [
      "a neighbour looking at an expired request",
      request({ neededBy: new Date(NOW.getTime() - HOUR).toISOString(), displayStatus: "expired" }),
      OTHER,
      [],
    ],
    [
      "the owner of an expired request",
      request({ neededBy: new Date(NOW.getTime() - HOUR).toISOString(), displayStatus: "expired" }),
      OWNER,
      ["Delete"],
    ],
  ])("for %s are exactly the ones allowed", (_who, view, viewer, expected) => {
    show(view, viewer);
    expect(buttons()).toEqual(expected);
  });

  it("call the action with the request and hold every button while it runs", async () => {
    let finish!: (ok: boolean) => void;
    const actions = fakeActions();
    actions.fulfill.mockImplementation(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const view = claimed();
    show(view, HELPER, actions);
    act(() => screen.getByRole("button", { name: "Mark fulfilled" }).click());
    expect(actions.fulfill).toHaveBeenCalledWith(view);
    expect(screen.getByRole("button", { name: /Mark fulfilled/ }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Unclaim" }).hasAttribute("disabled")).toBe(true);
    await act(async () => finish(true));
    expect(screen.getByRole("button", { name: "Unclaim" }).hasAttribute("disabled")).toBe(false);
  });

  it("keep Notify group waiting within the hour after the last notice, and say until when", () => {
    show(request({ lastNotifiedAt: new Date(NOW.getTime() - 10 * 60_000).toISOString() }), OWNER);
    expect(screen.getByRole("button", { name: "Notify group" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByText(/You can notify it again from/)).toBeTruthy();
  });

  it('tell the owner who heard of the last notice, in words, and nobody else (PRODUCT "Who will hear")', () => {
    show(request(), OWNER);
    expect(screen.getByTestId("request-reach").textContent).toBe(
      "Last notice Mon 1 Jun, 08:00: 2 neighbours told at once, 1 in the daily summary, 1 only in the app.",
    );
    cleanup();
    show(request(), OTHER);
    expect(screen.queryByTestId("request-reach")).toBeNull();
  });

  it("open the request's page from the card's title, the item's name", () => {
    show(request(), OTHER);
    const title = screen.getByRole("heading", { level: 3 });
    expect(within(title).getByRole("link", { name: request().itemDescription }).getAttribute("href")).toBe(
      "/requests/request-1",
    );
  });

  it("say plainly when nobody was told, and offer the request's page to share", () => {
    show(request({ lastReach: { now: 0, later: 0, daily: 0, weekly: 0, appOnly: 3 } }), OWNER);
    const note = screen.getByTestId("request-reach");
    expect(note.textContent).toContain("Nobody was told of your last notice");
    expect(note.textContent).toContain("the 3 other members of Elm Street see it only in the app");
    expect(within(note).getByRole("link", { name: "The request's page to share" }).getAttribute("href")).toBe(
      "/requests/request-1",
    );
  });

  it("ask before deleting, and keep the request when the owner changes their mind", () => {
    const actions = show(request(), OWNER);
    act(() => screen.getByRole("button", { name: "Delete" }).click());
    expect(screen.getByText("Delete Request", { selector: "h2, h3, [role=heading], .modal-title" })).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Keep Request" }).click());
    expect(actions.remove).not.toHaveBeenCalled();
    act(() => screen.getByRole("button", { name: "Delete" }).click());
    act(() => screen.getByRole("button", { name: "Delete Request" }).click());
    expect(actions.remove).toHaveBeenCalledTimes(1);
  });
});

describe("a request posted for a neighbour without the app (issue 42 §1)", () => {
  afterEach(async () => {
    await activateLocale("en");
  });
  const forOkafor = () => request({ onBehalfOf: { id: "offline-1", name: "Mrs. Okafor" } });

  it("reads 'For Mrs. Okafor · posted by Ann' to the group, and '· posted by You' to its poster", () => {
    show(forOkafor(), OTHER);
    expect(screen.getByTestId("request-for").textContent).toBe("For Mrs. Okafor · posted by Ann");
    cleanup();
    show(forOkafor(), OWNER);
    expect(screen.getByTestId("request-for").textContent).toBe("For Mrs. Okafor · posted by You");
  });

  it("says so in German, the neighbour's name as typed", async () => {
    await activateLocale("de");
    show(forOkafor(), OTHER);
    expect(screen.getByTestId("request-for").textContent).toBe("Für Mrs. Okafor · eingestellt von Ann");
  });

  const fulfilledForOkafor = (thankedAt: string | null) =>
    claimed({
      onBehalfOf: { id: "offline-1", name: "Mrs. Okafor" },
      status: "fulfilled",
      displayStatus: "fulfilled",
      fulfilledAt: NOW.toISOString(),
      thankedAt,
    });

  it("its poster thanks the helper from Mrs. Okafor, and the helper sees the thanks as hers", () => {
    show(fulfilledForOkafor(null), OWNER);
    expect(buttons()).toEqual(["Thank you from Mrs. Okafor"]);
    cleanup();
    show(fulfilledForOkafor(NOW.toISOString()), OWNER);
    expect(screen.getByText("Thanks from Mrs. Okafor sent")).toBeTruthy();
    cleanup();
    show(fulfilledForOkafor(NOW.toISOString()), HELPER);
    expect(screen.getByText("Thanks from Mrs. Okafor, passed on by Ann")).toBeTruthy();
  });

  it("thanks from her in Spanish and German too", async () => {
    await activateLocale("es");
    show(fulfilledForOkafor(NOW.toISOString()), HELPER);
    expect(screen.getByText("Gracias de parte de Mrs. Okafor, te las transmite Ann")).toBeTruthy();
    cleanup();
    await activateLocale("de");
    show(fulfilledForOkafor(null), OWNER);
    expect(buttons()).toEqual(["Dank von Mrs. Okafor ausrichten"]);
  });

  it("is an ordinary card without one", () => {
    show(request(), OTHER);
    expect(screen.queryByTestId("request-for")).toBeNull();
  });
});

describe("a request card in Spanish", () => {
  afterEach(async () => {
    await activateLocale("en");
  });

  it("shows its labels, status and buttons in Spanish (a neighbour's request is 'Se necesita para', not 'Lo necesitas para', issue 43), with the neighbour's own words unchanged", async () => {
    await activateLocale("es");
    show(claimed(), HELPER);
    const card = screen.getByTestId("request-card");
    expect(within(card).getByText("Se necesita para")).toBeTruthy();
    expect(within(card).getByText("Pedido por")).toBeTruthy();
    expect(within(card).getByTestId("request-status").textContent).toBe("Estado: Aceptada");
    expect(within(card).getByText("Two pints of milk")).toBeTruthy();
    expect(buttons()).toEqual(["Marcar como completada", "Dejar"]);
  });

  it.each([
    ["es", "Último aviso lun 1 jun, 08:00: 1 vecino avisado al momento, 2 solo en la aplicación."],
    ["de", "Letzte Benachrichtigung Mo. 1. Juni, 08:00: 1 Nachbar sofort informiert, 2 nur in der App."],
  ] as const)(
    "says who heard of the last notice with the plurals of %s, and only the counts that are not zero (issue 43)",
    async (locale, sentence) => {
      await activateLocale(locale);
      show(request({ lastReach: { now: 1, later: 0, daily: 0, weekly: 0, appOnly: 2 } }), OWNER);
      expect(screen.getByTestId("request-reach").textContent).toBe(sentence);
    },
  );

  it.each([
    // Notified 2 hours ago, needed in 5: resting helpers hear after 30 minutes.
    [
      { lastNotifiedAt: new Date(NOW.getTime() - 2 * HOUR).toISOString() },
      "2 neighbours told at once, 1 after 30 minutes if nobody had offered, 2 in the weekly summary.",
    ],
    // Notified 3 minutes before its needed-by: a quarter of the time left, rounded up to a whole minute.
    [
      { lastNotifiedAt: NOW.toISOString(), neededBy: new Date(NOW.getTime() + 3 * 60_000).toISOString() },
      "2 neighbours told at once, 1 after 1 minute if nobody had offered, 2 in the weekly summary.",
    ],
  ] as const)("says when resting helpers heard, and who reads the weekly summary (issue 41)", (times, sentence) => {
    show(request({ ...times, lastReach: { now: 2, later: 1, daily: 0, weekly: 2, appOnly: 0 } }), OWNER);
    expect(screen.getByTestId("request-reach").textContent).toContain(sentence);
  });

  it("goes back to English with the language", async () => {
    await activateLocale("es");
    show(request(), OTHER);
    expect(buttons()).toEqual(["Puedo ayudar"]);
    await act(async () => activateLocale("en"));
    expect(buttons()).toEqual(["I can help"]);
  });
});

describe("what to do if the item is not there (issue 28)", () => {
  it.each([
    ["skip", "Skip it"],
    ["similar", "A similar one is fine"],
    ["ask", "Ask me first"],
  ] as const)("shows %s as a fact of the card, to everyone", (choice, text) => {
    show(request({ ifUnavailable: choice }), OTHER);
    const fact = within(screen.getByTestId("request-card")).getByText("If not there").parentElement!;
    expect(fact.textContent).toBe(`If not there${text}`);
  });

  it.each([
    ["a request posted before the choice existed", null],
    ["a choice a newer server added", "phone-me"],
  ])("shows nothing for %s", (_, choice) => {
    show(request({ ifUnavailable: choice as RequestView["ifUnavailable"] }), OTHER);
    expect(screen.getByTestId("request-card").textContent).not.toContain("If not there");
  });
});

describe("a repeating request's card (issue 28 §2)", () => {
  const weekly = (overrides: Partial<RequestView> = {}) =>
    request({ seriesId: "series-1", repeats: "week", ...overrides });

  it("says it repeats, and offers Skip (named for its day, asked first) and Stop repeating to its requester", async () => {
    const actions = show(weekly(), OWNER);
    expect(screen.getByTestId("request-repeats").textContent).toBe("Every week");
    const day = formatWeekdayDay(new Date(NOW.getTime() + 5 * HOUR));
    expect(buttons()).toEqual(["Notify group", `Skip ${day}`, "Stop repeating", "Delete"]);
    await act(async () => screen.getByRole("button", { name: `Skip ${day}` }).click());
    // Nothing is skipped until the dialog is confirmed (issue 43 §2).
    expect(actions.skip).not.toHaveBeenCalled();
    const dialog = screen.getByRole("dialog", { name: `Skip ${day}?` });
    await act(async () =>
      within(dialog)
        .getByRole("button", { name: `Skip ${day}` })
        .click(),
    );
    expect(actions.skip).toHaveBeenCalledTimes(1);
    expect(actions.skip).toHaveBeenCalledWith(expect.objectContaining({ id: "request-1", seriesId: "series-1" }));
  });

  it("offers a neighbour to do it every time while nobody does, and says who does", async () => {
    const actions = show(weekly(), OTHER);
    expect(buttons()).toEqual(["I can help", "I can do this every week"]);
    await act(async () => screen.getByRole("button", { name: "I can do this every week" }).click());
    expect(actions.series).toHaveBeenCalledWith(expect.objectContaining({ id: "request-1" }), "take");
    cleanup();
    show(claimed({ seriesId: "series-1", repeats: "month", seriesHelperId: HELPER }), HELPER);
    expect(screen.getByTestId("request-repeats").textContent).toBe("Every month · you do it every time");
    expect(buttons()).toEqual(["Mark fulfilled", "Unclaim"]);
  });

  it("says nothing of repeating once its series stopped", () => {
    show(request({ seriesId: "series-1", repeats: null }), OWNER);
    expect(screen.queryByTestId("request-repeats")).toBeNull();
    expect(buttons()).toEqual(["Notify group", "Delete"]);
  });
});

describe("a request card's title", () => {
  it("opens the request's page inside the app, without reloading, as a link the keyboard reaches", async () => {
    show(request(), OTHER);
    const title = within(screen.getByTestId("request-card")).getByRole("link", { name: "Two pints of milk" });
    expect(title.getAttribute("href")).toBe("/requests/request-1");
    title.focus();
    expect(document.activeElement).toBe(title);
    // A router link handles the click itself (a plain <a> would leave it to the browser: a reload).
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      title.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId("location").textContent).toBe("/requests/request-1");
  });
});

describe("a request card's marks (issue 41 §3)", () => {
  it("says 'Nobody has offered yet' once half the time has passed with no offer, by the page's clock", () => {
    // Posted 6 hours ago, needed in 4: half-way was an hour ago.
    const waiting = request({
      createdAt: new Date(NOW.getTime() - 6 * HOUR).toISOString(),
      neededBy: new Date(NOW.getTime() + 4 * HOUR).toISOString(),
    });
    show(waiting, OTHER);
    expect(screen.getByTestId("request-unoffered").textContent).toBe("Nobody has offered yet");
    cleanup();
    show({ ...waiting, firstOfferedAt: new Date(NOW.getTime() - HOUR).toISOString() }, OTHER);
    expect(screen.queryByTestId("request-unoffered")).toBeNull();
  });

  it("marks a neighbour's first request in the group for the others, not for its requester", () => {
    show(request({ firstInGroup: true }), OTHER);
    expect(screen.getByTestId("request-first").textContent).toBe("First request from Ann");
    cleanup();
    show(request({ firstInGroup: true }), OWNER);
    expect(screen.queryByTestId("request-first")).toBeNull();
  });
});
