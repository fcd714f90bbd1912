import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { chooseLanguage, expect, screenshots, test } from "./support";

// Issue 30 item 12: a date field in the page's language, whatever the browser's (ADR 0028). Chromium draws
// its own date fields in the browser's language, so where the two differ the app draws its own.

/** A day `days` from now in the page's time zone: its parts, and the instant of `hours`:`minutes` on it. */
async function localDay(page: Page, days: number, hours: number, minutes: number) {
  return page.evaluate(
    ([d, h, m]) => {
      const date = new Date();
      date.setDate(date.getDate() + d);
      date.setHours(h, m, 0, 0);
      const pad = (n: number) => String(n).padStart(2, "0");
      return {
        day: pad(date.getDate()),
        month: pad(date.getMonth() + 1),
        year: String(date.getFullYear()),
        iso: date.toISOString(),
        value: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(h)}:${pad(m)}`,
      };
    },
    [days, hours, minutes] as const,
  );
}

test.describe("in an English browser", () => {
  test.use({ locale: "en-US" });

  test("on the German page the needed-by field shows and takes German dates, and posts the time typed", async ({
    page,
    confirmedUser,
    signedInPage,
    groupWith,
  }) => {
    const greta = await confirmedUser("Greta Datum");
    await groupWith(greta, "Lindenweg", []);
    await signedInPage(greta);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await chooseLanguage(page, "de");

    await page.getByRole("button", { name: "Neue Anfrage" }).click();
    const dialog = page.getByRole("dialog", { name: "Neue Anfrage erstellen" });
    const neededBy = dialog.getByLabel("Gebraucht bis");
    // Tomorrow at 18:00, day first with dots: no mm/dd/yyyy.
    const tomorrow = await localDay(page, 1, 18, 0);
    await expect(neededBy).toHaveValue(`${tomorrow.day}.${tomorrow.month}.${tomorrow.year}, 18:00`);
    await expect(neededBy).toHaveAttribute("type", "text");
    await expect(dialog.getByRole("button", { name: "Im Kalender wählen" })).toBeVisible();
    // The hidden picker is out of reach and unnamed on purpose: axe finds nothing to say about the field.
    const { violations } = await new AxeBuilder({ page })
      .include(".date-field")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await screenshots(page, "date-field-request-de", { viewportOnly: true });

    // No real date: refused under the field, which takes the focus.
    await dialog.getByLabel("Was brauchst du?").fill("Glühbirnen, E27");
    await neededBy.fill("31.02.2030, 18:00");
    await dialog.getByRole("button", { name: "Anfrage erstellen" }).click();
    await expect(neededBy).toBeFocused();
    await expect(neededBy).toHaveAttribute("aria-invalid", "true");

    // The day after tomorrow at 18:30, typed the German way (short, with "Uhr"): posted for that time.
    const later = await localDay(page, 2, 18, 30);
    await neededBy.fill(`${Number(later.day)}.${Number(later.month)}.${later.year} 18.30 Uhr`);
    await expect(neededBy).toHaveAccessibleDescription(/^Gewählt: .*18:30\./);
    await neededBy.blur();
    await expect(neededBy).toHaveValue(`${later.day}.${later.month}.${later.year}, 18:30`);
    const created = page.waitForResponse((response) => response.url().includes("requests.create"));
    await dialog.getByRole("button", { name: "Anfrage erstellen" }).click();
    expect((await created).ok()).toBe(true);
    await expect(dialog).toBeHidden();
    const card = page.getByTestId("request-card").filter({ hasText: "Glühbirnen, E27" });
    await expect(card).toBeVisible();
    const id = await card.getAttribute("data-request-id");
    const request = await page.request.get(`/api/requests/${id}`);
    expect(((await request.json()) as { neededBy: string }).neededBy).toBe(later.iso);
  });

  test("on the English page the needed-by field reads day first with a 24-hour clock, and its hint follows what is typed", async ({
    page,
    confirmedUser,
    signedInPage,
    groupWith,
  }) => {
    // Issue 43: Chromium's en-US field showed "11/29/2026, 06:00 PM" while the app writes 29 Nov 2026, 18:00.
    const ed = await confirmedUser("Ed English");
    await groupWith(ed, "Hazel Row", []);
    await signedInPage(ed);
    await page.goto("/");
    await page.getByRole("button", { name: "New Request" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Request" });
    const neededBy = dialog.getByLabel("Needed by");
    const tomorrow = await localDay(page, 1, 18, 0);
    await expect(neededBy).toHaveValue(`${tomorrow.day}/${tomorrow.month}/${tomorrow.year}, 18:00`);
    await expect(neededBy).toHaveAttribute("placeholder", "dd/mm/yyyy, hh:mm");
    await expect(neededBy).toHaveAccessibleDescription(/, 18:00\. Set to tomorrow at 18:00 to start with\./);
    await dialog.getByLabel("Item description").fill("Light bulbs, E27");
    await dialog.getByRole("radio", { name: "Ask me first" }).check();
    await screenshots(page, "date-field-request-en", { scrollTo: neededBy, themes: ["light"] });

    // Another time typed: the hint says that one, and no longer that it was set to tomorrow at 18:00.
    const later = await localDay(page, 2, 7, 45);
    await neededBy.fill(`${later.day}/${later.month}/${later.year} 7:45`);
    await expect(neededBy).toHaveAccessibleDescription(/^Chosen: .*07:45\.$/);
    await neededBy.blur();
    await expect(neededBy).toHaveValue(`${later.day}/${later.month}/${later.year}, 07:45`);
    await dialog.getByLabel("Your phone number").fill("0151 234 5678");
    const created = page.waitForResponse((response) => response.url().includes("requests.create"));
    await dialog.getByRole("button", { name: "Create Request" }).click();
    expect((await created).ok()).toBe(true);
    const card = page.getByTestId("request-card").filter({ hasText: "Light bulbs, E27" });
    const id = await card.getAttribute("data-request-id");
    const request = await page.request.get(`/api/requests/${id}`);
    expect(((await request.json()) as { neededBy: string }).neededBy).toBe(later.iso);
  });

  test("on the Spanish page the trip's times read dd/mm/aaaa, and the browser's picker is a button away", async ({
    page,
    confirmedUser,
    signedInPage,
    groupWith,
  }) => {
    const sol = await confirmedUser("Sol Fecha");
    await groupWith(sol, "Calle Mayor", []);
    await signedInPage(sol);
    await page.goto("/trips?announce=1");
    await chooseLanguage(page, "es");
    const form = page.locator("form.trip-form");
    const leaves = form.getByRole("textbox", { name: /^Cuándo sales/ });
    await expect(leaves).toHaveAttribute("placeholder", "dd/mm/aaaa, hh:mm");
    const pickers = form.getByRole("button", { name: "Elegir en el calendario" });
    await expect(pickers).toHaveCount(2);
    await screenshots(page, "date-field-trip-es", { viewportOnly: true });
    // The picker opens from its button (Chromium's own pop-up); the text field keeps working.
    await pickers.first().click();
    await page.keyboard.press("Escape");
    const tomorrow = await localDay(page, 1, 9, 0);
    await leaves.fill(`${tomorrow.day}/${tomorrow.month}/${tomorrow.year} 9:00`);
    await leaves.blur();
    await expect(leaves).toHaveValue(`${tomorrow.day}/${tomorrow.month}/${tomorrow.year}, 09:00`);
  });
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("on the German page the needed-by field is the browser's own, which speaks German already", async ({
    page,
    confirmedUser,
    signedInPage,
    groupWith,
  }) => {
    const dora = await confirmedUser("Dora Deutsch");
    await groupWith(dora, "Birkenallee", []);
    await signedInPage(dora);
    await page.goto("/");
    // The account was made without a browser (English); the page follows the footer's choice.
    await chooseLanguage(page, "de");
    await page.getByRole("button", { name: "Neue Anfrage" }).click();
    const dialog = page.getByRole("dialog", { name: "Neue Anfrage erstellen" });
    const neededBy = dialog.getByLabel("Gebraucht bis");
    await expect(neededBy).toHaveAttribute("type", "datetime-local");
    const tomorrow = await localDay(page, 1, 18, 0);
    await expect(neededBy).toHaveValue(tomorrow.value);
    await expect(neededBy).toHaveAttribute("min", tomorrow.value.replace("T18:00", "T00:00"));
    await expect(dialog.getByRole("button", { name: "Im Kalender wählen" })).toHaveCount(0);
    // No screenshot: this machine's Chromium carries only its en-US resources, so its own field looks
    // American whatever the emulated locale; a German Chrome draws it as TT.MM.JJJJ.
  });
});
