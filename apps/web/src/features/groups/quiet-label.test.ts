// @vitest-environment happy-dom
import { quietDuration } from "@hyn/validators/policy";
import { describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { translate as t } from "../../i18n/useT";

/** PRODUCT "Quiet members": the owner's member list says how long a member has been quiet, in their language. */
async function quietFor(locale: "en" | "es" | "de", days: number) {
  await activateLocale(locale);
  await loadNamespaces(["sharing"]);
  return t("sharing.quietFor", quietDuration(days));
}

describe("how long a member has been quiet, as the owner reads it", () => {
  it("says weeks from two weeks on, with each language's plural", async () => {
    expect(await quietFor("en", 35)).toBe("quiet for 5 weeks");
    expect(await quietFor("en", 13)).toBe("quiet for 13 days");
    expect(await quietFor("en", 1)).toBe("quiet for 1 day");
    expect(await quietFor("es", 35)).toBe("sin pasarse desde hace 5 semanas");
    expect(await quietFor("es", 1)).toBe("sin pasarse desde hace 1 día");
    expect(await quietFor("de", 35)).toBe("seit 5 Wochen still");
    expect(await quietFor("de", 7)).toBe("seit 7 Tagen still");
    expect(await quietFor("de", 1)).toBe("seit 1 Tag still");
  });
});
