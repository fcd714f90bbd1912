// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { loadNamespaces } from "../i18n/i18n";
import { renderWithApi, type Handlers } from "../test/render";
import { SignedInAs, signedInUser } from "../test/signed-in";
import TripPage from "./TripPage";
import UnsubscribePage from "./UnsubscribePage";

/** What someone typed that reads like an escape sequence (issue 38): shown exactly so, never decoded. */
const TYPED = "\\u003cimg src=x\\u003e \\u0000";

afterEach(cleanup);

describe("a value someone typed is shown as typed inside a translated text (issue 38)", () => {
  it("a trip's store names the page's title as typed", async () => {
    await loadNamespaces(["trips"]);
    const departsAt = new Date(Date.now() + 86_400_000);
    const trip = {
      id: "trip-1",
      tripperId: "user-1",
      tripper: { id: "user-1", name: "Ann", generalArea: null },
      store: TYPED,
      departsAt,
      closesAt: new Date(departsAt.getTime() - 3_600_000),
      note: null,
      maxItems: null,
      status: "open",
      groupIds: ["group-1"],
      repeat: null,
      skipNext: false,
      itemCount: 0,
      createdAt: new Date(),
      neighbours: [],
      takeAlong: [],
    };
    const handlers: Handlers = {
      "user.me": () => signedInUser(),
      "trips.byId": () => trip,
      "requests.onChange": () => new Promise(() => {}),
      "groups.list": () => [],
    };
    renderWithApi(
      <>
        <SignedInAs />
        <Routes>
          <Route path="/trips/:id" element={<TripPage />} />
        </Routes>
      </>,
      handlers,
      { route: "/trips/trip-1" },
    );
    expect(await screen.findByRole("heading", { name: `Trip to ${TYPED}` })).toBeTruthy();
    expect(document.title).toBe(`Trip to ${TYPED} · Help Your Neighbor`);
  });

  it("a group's name is shown as typed inside the unsubscribe page's sentence", async () => {
    await loadNamespaces(["unsubscribe"]);
    renderWithApi(
      <Routes>
        <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
      </Routes>,
      {
        "user.me": () => null,
        "system.info": () => ({ demoAccounts: [], adminContact: null }),
        "unsubscribe.describe": () => ({
          scope: { type: "group", groupId: "g", groupName: TYPED },
          state: "receiving",
          allStopped: false,
        }),
      },
      { route: "/unsubscribe/tok" },
    );
    expect(
      await screen.findByText(`You will stop receiving e-mails about new requests in ${TYPED}.`, { exact: false }),
    ).toBeTruthy();
  });
});
