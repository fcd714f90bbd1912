import type { Locator, Page } from "@playwright/test";
import {
  api,
  chooseLanguage,
  createRequest,
  expect,
  localDateTime,
  requestCardOf,
  screenshots,
  test,
  toast,
} from "./support";
import type { ApiUser } from "./support/people";

/** Issue 28 §2, "Repeating requests": milk every week, and a neighbour who does it every time. */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Rita's milk every week in Milk Row, where Hugo (who may help) is the other member. */
async function ritasWeeklyMilk({
  baseURL,
  confirmedUser,
  groupWith,
}: {
  baseURL: string | undefined;
  confirmedUser: (name: string) => Promise<ApiUser>;
  groupWith: (owner: ApiUser, name: string, members: ApiUser[]) => Promise<string>;
}) {
  const rita = await confirmedUser("Rita");
  const hugo = await confirmedUser("Hugo");
  const groupId = await groupWith(rita, "Milk Row", [hugo]);
  const posted = await createRequest<{ id: string; seriesId: string; neededBy: string }>(baseURL!, rita, {
    groupId,
    itemDescription: "Milk for the week",
    repeat: { every: "week" },
  });
  return { rita, posted };
}

/** The dashboard's section titled `title`. */
function section(page: Page, title: string): Locator {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
}

/** The cards of `item` in `scope`. */
function cards(scope: Locator, item: string): Locator {
  return scope.getByTestId("request-card").filter({ hasText: item });
}

test("a neighbour posts a weekly request, another does it every week, and the requester skips one and stops it", async ({
  page,
  confirmedUser,
  signedInPage,
  secondPerson,
  groupWith,
}) => {
  const rita = await confirmedUser("Rita");
  const hugo = await confirmedUser("Hugo");
  await groupWith(rita, `Milk Row ${Date.now().toString(36)}`, [hugo]);

  // Rita asks through the form, every week.
  await signedInPage(rita);
  await page.goto("/");
  await page.getByRole("button", { name: "New Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await dialog.getByLabel("Item description").fill("Milk for the week");
  await dialog.getByLabel("Needed by").fill(await localDateTime(page, 2, "18:30"));
  await expect(dialog.getByText("Only the next time is open at once")).toHaveCount(0);
  await dialog.getByLabel("Repeat").selectOption({ label: "Every week" });
  await expect(dialog.getByText("Only the next time is open at once")).toBeVisible();
  await expect(dialog.getByLabel("Until (optional)")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog).toBeHidden();
  const ritasFirst = cards(section(page, "Your Requests"), "Milk for the week");
  await expect(ritasFirst).toHaveCount(1);
  await expect(ritasFirst.getByTestId("request-repeats")).toHaveText("Every week");
  const firstId = (await ritasFirst.getAttribute("data-request-id"))!;

  // Hugo takes the whole series from his dashboard, and fulfils this week's.
  const { page: hugoPage } = await secondPerson({ user: hugo });
  await hugoPage.setViewportSize({ width: 390, height: 844 });
  await hugoPage.goto("/");
  const offered = requestCardOf(hugoPage, firstId);
  await expect(offered.getByTestId("request-repeats")).toHaveText("Every week");
  await offered.getByRole("button", { name: "I can do this every week" }).click();
  await expect(toast(hugoPage, "every time now")).toBeVisible();
  const taken = requestCardOf(hugoPage, firstId);
  await expect(taken.getByTestId("request-repeats")).toContainText("you do it every time");
  await expect(taken.getByRole("button", { name: "I can do this every week" })).toHaveCount(0);
  await taken.getByRole("button", { name: "Mark fulfilled" }).click();
  await expect(toast(hugoPage, "is marked fulfilled")).toBeVisible();

  // The next week's is posted by the job at once, already Hugo's.
  const nextForHugo = hugoPage
    .getByTestId("request-card")
    .filter({ hasText: "Milk for the week" })
    .filter({ has: hugoPage.getByRole("button", { name: "Mark fulfilled" }) });
  await expect(async () => {
    await hugoPage.reload();
    await expect(nextForHugo).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const secondId = (await nextForHugo.getAttribute("data-request-id"))!;
  expect(secondId).not.toBe(firstId);
  await expect(nextForHugo.getByTestId("request-repeats")).toContainText("you do it every time");

  // Rita sees it taken, by a neighbour who does it every time: its card offers no Skip next (its page does, and
  // says first what it means for him: e2e/editing-a-repeating-request.spec.ts).
  await page.goto("/");
  const ritasSecond = requestCardOf(page, secondId);
  await expect(ritasSecond.getByTestId("request-repeats")).toHaveText("Every week · a neighbour does it every time");
  await expect(ritasSecond.getByRole("button", { name: /^Skip / })).toHaveCount(0);
  await expect(ritasSecond.getByRole("button", { name: "Stop repeating" })).toBeVisible();

  // Hugo cannot make it that week and gives it back; Rita then skips it, and the one after is his again.
  await requestCardOf(hugoPage, secondId).getByRole("button", { name: "Unclaim" }).click();
  await expect(toast(hugoPage, "It is open for others again")).toBeVisible();
  await page.goto("/");
  // Named for its day, and asked first (issue 43 §2).
  await requestCardOf(page, secondId)
    .getByRole("button", { name: /^Skip / })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Skip / })
    .click();
  await expect(toast(page, /Skipped .*; the next one is /)).toBeVisible();
  await expect(page.getByText("was deleted by its owner")).toHaveCount(0);
  await expect(requestCardOf(page, secondId)).toHaveCount(0);
  const ritasThird = section(page, "Your Requests")
    .locator(`[data-testid="request-card"]:not([data-request-id="${firstId}"])`)
    .filter({ hasText: "Milk for the week" });
  await expect(ritasThird).toHaveCount(1);
  const thirdId = (await ritasThird.getAttribute("data-request-id"))!;
  expect([firstId, secondId]).not.toContain(thirdId);
  await expect(ritasThird.getByTestId("request-repeats")).toContainText("a neighbour does it every time");

  // She stops the series: the one Hugo holds stays to be finished, and says nothing of repeating.
  await ritasThird.getByRole("button", { name: "Stop repeating" }).click();
  await expect(toast(page, "no longer repeats")).toBeVisible();
  await expect(requestCardOf(page, thirdId)).toBeVisible();
  await expect(requestCardOf(page, thirdId).getByTestId("request-repeats")).toHaveCount(0);
  await expect(requestCardOf(page, thirdId).getByRole("button", { name: "Stop repeating" })).toHaveCount(0);
  await hugoPage.reload();
  await expect(requestCardOf(hugoPage, thirdId).getByRole("button", { name: "Mark fulfilled" })).toBeVisible();
});

test("the New Request form's Repeat, and a repeating request's card and page, in three languages", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const rita = await confirmedUser("Rita");
  const hugo = await confirmedUser("Hugo");
  const groupId = await groupWith(rita, "Milk Row", [hugo]);
  const posted = await createRequest<{ id: string; seriesId: string }>(baseURL!, rita, {
    groupId,
    itemDescription: "Milk for the week",
    storePreference: "Corner shop",
    repeat: { every: "2weeks" },
  });
  expect(posted.seriesId).toBeTruthy();
  await api(baseURL!, hugo.token, "POST", `/request-series/${posted.seriesId}/take`);

  await signedInPage(rita);
  const NEW_REQUEST = { en: "New Request", es: "Nueva solicitud", de: "Neue Anfrage" } as const;
  for (const locale of ["en", "es", "de"] as const) {
    await page.goto("/");
    if (locale !== "en") {
      // The footer's language choice (saved on the account too, which the app follows).
      await chooseLanguage(page, locale);
    }
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const card = requestCardOf(page, posted.id);
    await expect(card.getByTestId("request-repeats")).toBeVisible();
    await screenshots(page, `repeating-card-${locale}`, { target: card });
    await page.goto(`/requests/${posted.id}`);
    await expect(page.getByTestId("request-repeats")).toBeVisible();
    await screenshots(page, `repeating-page-${locale}`);

    await page.goto("/");
    await page.getByRole("button", { name: NEW_REQUEST[locale] }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('select[name="repeatEvery"]').selectOption("week");
    await expect(dialog.locator('input[name="repeatUntil"]')).toBeVisible();
    await screenshots(page, `repeating-form-${locale}`, { scrollTo: dialog.locator('input[name="repeatUntil"]') });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

/** "Mon 7 Dec", as the page shows a day in English in this machine's time zone. */
function englishDay(iso: string): string {
  const date = new Date(iso);
  const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${weekdays[date.getDay()]} ${date.getDate()} ${months[date.getMonth()]}`;
}

test("a requester skips this week from its page: named for its day, asked first, and the page moves to the next week", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const { rita, posted } = await ritasWeeklyMilk({ baseURL, confirmedUser, groupWith });
  const day = englishDay(posted.neededBy);
  const nextDay = englishDay(new Date(Date.parse(posted.neededBy) + 7 * 24 * 3600_000).toISOString());

  await signedInPage(rita);
  await page.goto(`/requests/${posted.id}`);
  const card = requestCardOf(page, posted.id);
  await expect(card.getByRole("button", { name: "Skip next" })).toHaveCount(0);
  await card.getByRole("button", { name: `Skip ${day}`, exact: true }).click();
  // Nothing is skipped until she says so.
  const dialog = page.getByRole("dialog", { name: `Skip ${day}?` });
  await expect(dialog).toContainText(`Nobody needs to get Milk for the week on ${day}`);
  await screenshots(page, "repeating-skip-confirm-en");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  const series = await api<{ current: { id: string } }>(
    baseURL!,
    rita.token,
    "GET",
    `/request-series/${posted.seriesId}`,
  );
  expect(series.current.id).toBe(posted.id);

  await card.getByRole("button", { name: `Skip ${day}`, exact: true }).click();
  await dialog.getByRole("button", { name: `Skip ${day}`, exact: true }).click();
  await expect(toast(page, `Skipped ${day}; the next one is ${nextDay}`)).toBeVisible();
  // The page moves on to the next week, whose button names its own day; the skipped one was not "deleted".
  await expect(page).not.toHaveURL(new RegExp(`/requests/${posted.id}$`));
  const nextId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(requestCardOf(page, nextId).getByRole("button", { name: `Skip ${nextDay}`, exact: true })).toBeVisible();
  await expect(page.getByText("was deleted by its owner")).toHaveCount(0);
  await screenshots(page, "repeating-skipped-en");
  // One week skipped, not two.
  const after = await api<{ current: { id: string; neededBy: string } }>(
    baseURL!,
    rita.token,
    "GET",
    `/request-series/${posted.seriesId}`,
  );
  expect(after.current.id).toBe(nextId);
  expect(englishDay(after.current.neededBy)).toBe(nextDay);

  for (const locale of ["es", "de"] as const) {
    await chooseLanguage(page, locale);
    await page.goto(`/requests/${nextId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await requestCardOf(page, nextId)
      .getByRole("button", { name: locale === "es" ? /^Saltar / : /auslassen$/ })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await screenshots(page, `repeating-skip-confirm-${locale}`);
    await page.keyboard.press("Escape");
  }
});

test("after a skip, the requester's own dashboard never announces her next week as a neighbour's new request", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const { rita, posted } = await ritasWeeklyMilk({ baseURL, confirmedUser, groupWith });
  const day = englishDay(posted.neededBy);

  await signedInPage(rita);
  await page.goto("/");
  await expect(requestCardOf(page, posted.id)).toBeVisible();
  // Every announcement the page makes, in order (the live region shows only the last).
  await page.evaluate(() => {
    const region = document.querySelector(".dashboard-announcement")!;
    const heard: string[] = [];
    Object.assign(window, { heard });
    new MutationObserver(() => {
      if (region.textContent) heard.push(region.textContent);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
  await requestCardOf(page, posted.id)
    .getByRole("button", { name: `Skip ${day}`, exact: true })
    .click();
  await page
    .getByRole("dialog", { name: `Skip ${day}?` })
    .getByRole("button", { name: `Skip ${day}`, exact: true })
    .click();
  const current = async () =>
    (await api<{ current: { id: string } }>(baseURL!, rita.token, "GET", `/request-series/${posted.seriesId}`)).current
      .id;
  // The skip has landed (the dialog's click does not wait for it).
  await expect.poll(current).not.toBe(posted.id);
  const after = { current: { id: await current() } };

  // The next week, posted by her series, comes in by the live stream: hers, never "from a neighbour".
  await expect(requestCardOf(page, after.current.id)).toBeVisible();
  await expect(requestCardOf(page, posted.id)).toHaveCount(0);
  await page.waitForTimeout(1_500);
  const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
  expect(heard.filter((text) => text.includes("New request"))).toEqual([]);
});
