// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { i18n } from "../i18n/i18n";
import "../test/render"; // English texts loaded
import { RouteError } from "./RouteError";

const spies: MockInstance[] = [];
afterEach(() => {
  cleanup();
  for (const spy of spies.splice(0)) spy.mockRestore();
});

/** A route whose screen fails to load with `error`, as the router's `lazy` does when a chunk is missing. */
function showFailingRoute(error: Error) {
  const router = createMemoryRouter([
    {
      path: "/",
      errorElement: <RouteError />,
      lazy: () => Promise.reject(error),
    },
  ]);
  spies.push(vi.spyOn(console, "warn").mockImplementation(() => undefined));
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe("a screen that cannot be shown", () => {
  it.each([
    ["Chromium", "Failed to fetch dynamically imported module: https://hyn.example/assets/GroupsPage-1a2b3c.js"],
    ["Firefox", "error loading dynamically imported module: https://hyn.example/assets/GroupsPage-1a2b3c.js"],
    ["Safari", "Importing a module script failed."],
  ])("says a new version is available when %s cannot fetch its chunk online (issue 40)", async (_, message) => {
    showFailingRoute(new TypeError(message));
    expect((await screen.findByRole("heading")).textContent).toBe("A new version is available");
    expect(document.body.textContent).not.toContain("Check your connection");
    expect(screen.getByRole("button", { name: "Reload" })).toBeDefined();
  });

  it("says to check the connection when the browser is offline", async () => {
    spies.push(vi.spyOn(navigator, "onLine", "get").mockReturnValue(false));
    showFailingRoute(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"));
    expect((await screen.findByRole("heading")).textContent).toBe("This page could not be shown");
    expect(document.body.textContent).toContain("Check your connection");
  });

  it("says to check the connection for a failure that is not a missing chunk", async () => {
    showFailingRoute(new Error("Something else broke"));
    expect((await screen.findByRole("heading")).textContent).toBe("This page could not be shown");
  });
});
