// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { activateLocale, i18n, loadNamespaces } from "./i18n";

describe("switching the language while a screen loads its texts", () => {
  it("has the screen's texts in the new language once the switch is done", async () => {
    // The switch starts (the account's language arrives), then a lazy screen asks for its namespace
    // before the switch has finished loading what was in use.
    const switching = activateLocale("de");
    const screen = loadNamespaces(["trips"]);
    await Promise.all([switching, screen]);
    expect(i18n.locale).toBe("de");
    expect(i18n._("trips.tripsTitle")).not.toBe("trips.tripsTitle");
    expect(i18n._("trips.tripsTitle")).toBe(await germanTripsTitle());
  });
});

async function germanTripsTitle(): Promise<string> {
  const { default: german } = (await import("@hyn/i18n/catalogs/trips/de.json")) as {
    default: Record<string, string>;
  };
  return german.tripsTitle!;
}
