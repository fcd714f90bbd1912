// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, i18n, loadNamespaces } from "../../i18n/i18n";
import { UsageBar } from "./UsageBar";

const show = (count: number, max: number) =>
  render(
    <I18nProvider i18n={i18n}>
      <UsageBar kind="open requests" count={count} max={max} />
    </I18nProvider>,
  );

beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["requests"]);
});
afterEach(async () => {
  cleanup();
  await activateLocale("en");
});

describe("a usage bar", () => {
  it("says where the count stands, for the eye and for a screen reader", () => {
    show(5, 5);
    expect(screen.getByText("Open requests")).toBeTruthy();
    expect(screen.getByText("Limit reached")).toBeTruthy();
    expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toBe("5 of 5, limit reached");
  });

  it("explains a count over its limit, once the spec's text is in", async () => {
    show(6, 5);
    expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toBe("6 of 5, over the limit");
    expect(await screen.findByText(/over your limit/)).toBeTruthy();
  });

  it("says that groups joined are not the ones created, so an owner in their own group reads 0 rightly (issue 43)", () => {
    render(
      <I18nProvider i18n={i18n}>
        <UsageBar kind="groups joined" count={0} max={5} />
      </I18nProvider>,
    );
    expect(screen.getByRole("meter", { description: "Groups you joined, not ones you created" })).toBeTruthy();
  });

  it("speaks German", async () => {
    await activateLocale("de");
    show(4, 5);
    expect(screen.getByText("Offene Anfragen")).toBeTruthy();
    expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toBe("4 von 5");
  });
});
