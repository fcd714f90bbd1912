// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApi } from "../../test/render";
import MyMonth from "./MyMonth";

afterEach(cleanup);

const month = (neighboursHelped: number) => () => ({
  neighboursHelped,
  requestsFulfilled: neighboursHelped,
  since: new Date("2026-06-01T00:00:00Z"),
});

describe("a helper's own month (issue 41 §2)", () => {
  it("says how many neighbours they helped, in the plural the count needs", async () => {
    renderWithApi(<MyMonth seenAt={1} />, { "user.myMonth": month(4) });
    expect(await screen.findByText("You helped 4 neighbours this month. Thank you.")).toBeTruthy();
    cleanup();
    renderWithApi(<MyMonth seenAt={1} />, { "user.myMonth": month(1) });
    expect(await screen.findByText("You helped 1 neighbour this month. Thank you.")).toBeTruthy();
  });

  it("shows nothing at none, nor when it cannot be read", async () => {
    const { calls, result } = renderWithApi(<MyMonth seenAt={1} />, { "user.myMonth": month(0) });
    await waitFor(() => expect(calls.some((call) => call.path === "user.myMonth")).toBe(true));
    expect(result.container.textContent).toBe("");
    cleanup();
    const failed = renderWithApi(<MyMonth seenAt={1} />, {
      "user.myMonth": () => {
        throw new Error("down");
      },
    });
    await waitFor(() => expect(failed.calls.some((call) => call.path === "user.myMonth")).toBe(true));
    expect(failed.result.container.textContent).toBe("");
  });
});
