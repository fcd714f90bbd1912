import type { Page } from "@playwright/test";
import { api, chooseLanguage, expect, hoursFromNow, requestCardOf, screenshots, test, toast } from "./support";

/** Issue 28, "Trips": a neighbour going shopping takes their neighbours' things along. */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** "2030-06-15T09:00", as a datetime-local field takes it, in the browser's (this machine's) time zone. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test("a member announces a trip, two neighbours add items, the tripper closes the list, shops from it and delivers", async ({
  page,
  confirmedUser,
  signedInPage,
  secondPerson,
  groupWith,
}) => {
  const tia = await confirmedUser("Tia");
  const nia = await confirmedUser("Nia");
  const omar = await confirmedUser("Omar");
  await groupWith(tia, "Elm Street", [nia, omar]);

  // Tia announces from her dashboard.
  await signedInPage(tia);
  await page.goto("/");
  await page.getByRole("link", { name: "Announce a trip" }).click();
  await expect(page.getByRole("heading", { name: "Announce a trip" })).toBeVisible();
  // The form's own check names the field and keeps what was typed.
  await page.getByLabel("Store").fill("Aldi");
  await page.getByRole("button", { name: "Announce trip" }).click();
  await expect(page.getByText("Leaving time is required")).toBeVisible();
  await expect(page.getByLabel("When you leave")).toBeFocused();
  await expect(page.getByLabel("Store")).toHaveValue("Aldi");
  const leaving = new Date(hoursFromNow(3));
  await page.getByLabel("When you leave").fill(localInput(leaving));
  await expect(page.getByRole("checkbox", { name: "Elm Street" })).toBeChecked();
  await page.getByLabel("Note (optional)").fill("Room for one heavy bag");
  await screenshots(page, "trips-announce-en");
  await page.getByRole("button", { name: "Announce trip" }).click();
  await expect(toast(page, "Trip to Aldi announced")).toBeVisible();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trip to Aldi" })).toBeVisible();
  await expect(page.getByText("Taking items")).toBeVisible();
  const tripUrl = page.url();

  // Two neighbours add to her list, from their dashboards.
  const additions = [
    { user: nia, item: "Oat milk", quantity: "2", rule: "Skip it" },
    { user: omar, item: "Coffee beans", quantity: "1", rule: "Ask me first" },
  ];
  const neighbourPages: Page[] = [];
  for (const { user, item, quantity, rule } of additions) {
    const { page: theirs } = await secondPerson({ user });
    neighbourPages.push(theirs);
    await theirs.setViewportSize({ width: 390, height: 844 });
    await theirs.goto("/");
    // The dashboard's trips section leads to every trip.
    await theirs.getByRole("region", { name: "Shopping trips" }).getByRole("link", { name: "All trips" }).click();
    const line = theirs.getByTestId("trip-line").filter({ hasText: "Tia is going to Aldi" });
    await expect(line).toContainText(/closes .*\d\d:\d\d/);
    // Clicked again only while the page has not moved: in CI a click that landed as the list appeared
    // led nowhere once (the list page stayed, nothing was fetched).
    const tripHeading = theirs.getByRole("heading", { level: 1, name: "Trip to Aldi" });
    await expect(async () => {
      if (!/^\/trips\/[0-9a-f-]{36}$/.test(new URL(theirs.url()).pathname)) {
        await line.getByRole("link", { name: /^Add to the list/ }).click({ timeout: 5000 });
      }
      await expect(tripHeading).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(theirs.getByRole("radio", { name: "A similar one is fine" })).toBeChecked();
    await theirs.getByRole("textbox", { name: "Item", exact: true }).fill(item);
    await theirs.getByRole("spinbutton", { name: "Quantity" }).fill(quantity);
    await theirs.getByRole("radio", { name: rule }).check();
    // "Ask me first" needs a phone, asked for beside it while the profile has none (issue 43 §5).
    if (rule === "Ask me first") await theirs.getByLabel("Your phone number").fill("0151 234 5678");
    await theirs.getByRole("button", { name: "Add to the list" }).click();
    await expect(toast(theirs, `${item} is on the list`)).toBeVisible();
    const mine = theirs.getByRole("region", { name: "My items on this trip" });
    await expect(mine.getByTestId("shopping-item")).toContainText([item]);
    await expect(theirs.getByRole("textbox", { name: "Item", exact: true })).toHaveValue("");
  }
  await screenshots(neighbourPages[0]!, "trips-member-en");

  // Tia's page shows the list as it fills, live.
  const soFar = page.getByRole("region", { name: "On the list so far" });
  await expect(soFar.getByRole("region", { name: "Nia" })).toContainText("Oat milk");
  await expect(soFar.getByRole("region", { name: "Omar" })).toContainText("Coffee beans");
  await page.getByRole("button", { name: "Close the list" }).click();
  await page.getByRole("dialog", { name: "Close the list?" }).getByRole("button", { name: "Close the list" }).click();
  await expect(toast(page, "List closed: time to shop")).toBeVisible();

  // The shopping list, grouped by neighbour, each item with its rule.
  const list = page.getByRole("region", { name: "Shopping list" });
  const niaBag = list.getByRole("region", { name: "Nia" });
  const omarBag = list.getByRole("region", { name: "Omar" });
  await expect(niaBag).toContainText("2 × Oat milk");
  await expect(niaBag).toContainText("If not there: skip it");
  await expect(omarBag).toContainText("If not there: ask first");
  await screenshots(page, "trips-shopping-en");

  await niaBag.getByRole("button", { name: "Got it: Oat milk" }).click();
  await expect(niaBag.getByRole("button", { name: "Got it: Oat milk" })).toHaveAttribute("aria-pressed", "true");
  await omarBag.getByRole("button", { name: "Got it: Coffee beans" }).click();
  await expect(omarBag.getByRole("button", { name: "Got it: Coffee beans" })).toHaveAttribute("aria-pressed", "true");

  await niaBag.getByRole("button", { name: "Delivered to Nia" }).click();
  await expect(toast(page, "Nia's items delivered")).toBeVisible();
  await expect(niaBag.getByText("Delivered", { exact: true })).toHaveCount(2);
  await omarBag.getByRole("button", { name: "Delivered to Omar" }).click();
  await expect(toast(page, "Omar's items delivered")).toBeVisible();
  await screenshots(page, "trips-delivered-en");

  // Nia sees hers delivered on the trip's page.
  const niaPage = neighbourPages[0]!;
  await niaPage.goto(tripUrl);
  await expect(niaPage.getByRole("region", { name: "My items on this trip" })).toContainText("Delivered");

  // The same screens in Spanish and German.
  for (const locale of ["es", "de"] as const) {
    // The footer's language choice (saved on the account too, which the app follows).
    await chooseLanguage(page, locale);
    await page.goto(tripUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Aldi");
    await screenshots(page, `trips-delivered-${locale}`);
    await page.goto("/trips?announce=1");
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await screenshots(page, `trips-announce-${locale}`);
  }
});

test("a member hears of a weekly trip by e-mail, and its tripper finds it from the nav, saves it to the calendar and skips next week", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const tia = await confirmedUser("Tia");
  const nia = await confirmedUser("Nia");
  const groupId = await groupWith(tia, "Market Row", [nia]);
  // Nia hears of new things at once (her profile's setting), so the trip's e-mail comes now.
  await api(baseURL!, nia.token, "PUT", "/user/email-preferences", { frequency: "immediate" });
  const trip = await api<{ id: string }>(baseURL!, tia.token, "POST", "/trips", {
    groupIds: [groupId],
    store: "Saturday market",
    departsAt: hoursFromNow(26),
    repeat: { every: "week" },
  });

  // The e-mail, as Nia reads it in her mailbox, leads to the trip's page.
  const link = await mailbox.waitForLink(nia.email, new RegExp(`/trips/${trip.id}$`));
  const [mail] = (await mailbox.all(nia.email)).filter((m) => m.links.includes(link));
  expect(mail!.subject).toBe("Tia is going to Saturday market");

  // Tia reaches her trips from the navigation (behind the menu at 390 px).
  await signedInPage(tia);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trips" }).click();
  await expect(page).toHaveURL(/\/trips$/);
  await expect(page.getByTestId("trip-line").filter({ hasText: "Saturday market" })).toBeVisible();
  await screenshots(page, "trips-list-en");
  await page.getByTestId("trip-line").filter({ hasText: "Saturday market" }).getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/trips/${trip.id}$`));
  await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  await screenshots(page, "trips-weekly-en");

  // The calendar button downloads the trip as an .ics file.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);

  // Next week's trip is skipped.
  await page.getByRole("button", { name: "Skip next week's trip" }).click();
  await expect(toast(page, "Next week's trip will not be announced.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip next week's trip" })).toHaveCount(0);
});

test("an item marked Not there goes back to its neighbour as an open request, and the list says so instead of Delivered", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  secondPerson,
  groupWith,
}) => {
  const tia = await confirmedUser("Tia");
  const nia = await confirmedUser("Nia");
  const omar = await confirmedUser("Omar");
  const groupId = await groupWith(tia, "Elm Street", [nia, omar]);
  const trip = await api<{ id: string }>(baseURL!, tia.token, "POST", "/trips", {
    groupIds: [groupId],
    store: "Aldi",
    departsAt: hoursFromNow(3),
  });
  const add = (who: typeof nia, itemDescription: string, ifUnavailable: string) =>
    api<{ id: string }>(baseURL!, who.token, "POST", `/trips/${trip.id}/items`, { itemDescription, ifUnavailable });
  const bread = await add(nia, "Rye bread", "similar");
  await add(omar, "Tofu", "skip");
  await api(baseURL!, tia.token, "POST", `/trips/${trip.id}/close`);

  await signedInPage(tia);
  await page.goto(`/trips/${trip.id}`);
  const list = page.getByRole("region", { name: "Shopping list" });
  const niaBag = list.getByRole("region", { name: "Nia" });
  const omarBag = list.getByRole("region", { name: "Omar" });
  // Issue 43: it ends the item for good, so it asks first, saying where the item goes; keeping it changes nothing.
  await niaBag.getByRole("button", { name: "Not there: Rye bread" }).click();
  const asked = page.getByRole("dialog", { name: "Rye bread: not there?" });
  await expect(asked).toContainText(
    "It leaves your list and goes back to Nia as an open request, for others to help with. Nia is told.",
  );
  await asked.getByRole("button", { name: "Keep it on the list" }).click();
  await expect(asked).toBeHidden();
  await expect(niaBag.getByRole("button", { name: "Got it: Rye bread" })).toBeVisible();
  expect((await api<{ status: string }>(baseURL!, nia.token, "GET", `/requests/${bread.id}`)).status).toBe("claimed");
  await niaBag.getByRole("button", { name: "Not there: Rye bread" }).click();
  await asked.getByRole("button", { name: "Not there" }).click();
  await expect(niaBag.getByTestId("shopping-item-gone")).toHaveText(
    "Not there: an open request again, for others to help with",
  );
  // Nothing of Nia's was handed over: no green "Delivered", and nothing left to deliver.
  await expect(niaBag.getByText("Nothing to deliver")).toBeVisible();
  await expect(niaBag.getByText("Delivered", { exact: true })).toHaveCount(0);
  await expect(niaBag.getByRole("button", { name: /^Delivered/ })).toHaveCount(0);
  await expect(niaBag.getByRole("button", { name: /^Got it/ })).toHaveCount(0);
  // Omar said "skip it": his is closed.
  await omarBag.getByRole("button", { name: "Not there: Tofu" }).click();
  const askedTofu = page.getByRole("dialog", { name: "Tofu: not there?" });
  await expect(askedTofu).toContainText(
    "Omar asked you to skip it, so it leaves your list and their request is closed. Omar is told.",
  );
  await screenshots(page, "trips-not-there-confirm-en");
  await askedTofu.getByRole("button", { name: "Not there" }).click();
  await expect(omarBag.getByTestId("shopping-item-gone")).toHaveText("Not there: closed, as asked (skip it)");
  await page.reload();
  await expect(niaBag.getByTestId("shopping-item-gone")).toBeVisible();
  await screenshots(page, "trips-not-there-en");

  // Nia's dashboard shows it open again, no longer claimed by Tia.
  const { page: theirs } = await secondPerson({ user: nia });
  await theirs.goto("/");
  await expect(requestCardOf(theirs, bread.id)).toContainText("Open");
  await expect(requestCardOf(theirs, bread.id)).not.toContainText("Claimed");

  for (const locale of ["es", "de"] as const) {
    await chooseLanguage(page, locale);
    await page.goto(`/trips/${trip.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("shopping-item-gone").first()).toBeVisible();
    await screenshots(page, `trips-not-there-${locale}`);
  }
});

test("a full trip says Full and offers no form; closing the list asks first and it opens again; a cancelled weekly trip says its series ends", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  secondPerson,
  groupWith,
}) => {
  const tia = await confirmedUser("Tia");
  const nia = await confirmedUser("Nia");
  const omar = await confirmedUser("Omar");
  const groupId = await groupWith(tia, "Elm Street", [nia, omar]);
  const trip = await api<{ id: string }>(baseURL!, tia.token, "POST", "/trips", {
    groupIds: [groupId],
    store: "Market",
    departsAt: hoursFromNow(5),
    maxItems: 1,
    repeat: { every: "week" },
  });
  await api(baseURL!, nia.token, "POST", `/trips/${trip.id}/items`, { itemDescription: "Eggs" });

  // Omar sees it full before typing anything: no form, and the list says why.
  const { page: theirs } = await secondPerson({ user: omar });
  await theirs.goto(`/trips/${trip.id}`);
  await expect(theirs.getByText("The list is full: Tia can take no more items.")).toBeVisible();
  await expect(theirs.locator(".trip-facts").getByText("Full", { exact: true })).toBeVisible();
  await expect(theirs.getByText("Taking items")).toHaveCount(0);
  await expect(theirs.getByRole("textbox", { name: "Item", exact: true })).toHaveCount(0);
  await screenshots(theirs, "trips-full-en");
  await theirs.goto("/trips");
  const line = theirs.getByTestId("trip-line").filter({ hasText: "Tia is going to Market" });
  await expect(line).toContainText("Full");
  await expect(line.getByRole("link", { name: /^Open the list/ })).toBeVisible();

  // Tia closes the list, asked first; she can open it again before she leaves.
  await signedInPage(tia);
  await page.goto(`/trips/${trip.id}`);
  await page.getByRole("button", { name: "Close the list" }).click();
  const closing = page.getByRole("dialog", { name: "Close the list?" });
  await expect(closing).toContainText("You can open it again until you leave.");
  await screenshots(page, "trips-close-confirm-en");
  await closing.getByRole("button", { name: "Keep it open" }).click();
  await expect(page.locator(".trip-facts").getByText("Full", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Close the list" }).click();
  await closing.getByRole("button", { name: "Close the list" }).click();
  await expect(toast(page, "List closed: time to shop")).toBeVisible();
  await page.getByRole("button", { name: "Open the list again" }).click();
  await expect(toast(page, "The list is open again")).toBeVisible();
  await expect(page.getByRole("button", { name: "Close the list" })).toBeVisible();

  // Cancelling a weekly trip says the series ends with it, before and after.
  await page.getByRole("button", { name: "Cancel trip" }).click();
  const cancelling = page.getByRole("dialog", { name: "Cancel this trip?" });
  await expect(cancelling).toContainText("This is a weekly trip: cancelling it ends the series");
  await screenshots(page, "trips-cancel-weekly-en");
  await cancelling.getByRole("button", { name: "Cancel trip" }).click();
  await expect(page.getByText("Cancelled. The weekly trips end with it: no more are announced.")).toBeVisible();
  await theirs.goto(`/trips/${trip.id}`);
  await expect(theirs.getByText("The weekly trips end with it")).toBeVisible();

  for (const locale of ["es", "de"] as const) {
    await chooseLanguage(page, locale);
    await page.goto(`/trips/${trip.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await screenshots(page, `trips-cancelled-weekly-${locale}`);
  }
});
