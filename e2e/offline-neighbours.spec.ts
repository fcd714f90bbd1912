import { api, expect, groupCard, localDateTime, screenshot, test } from "./support";

test("a member posts for a neighbour without the app, the helper who claims it sees their phone, and thanks come from her", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}, testInfo) => {
  const ana = await confirmedUser("Ana Asker");
  const bo = await confirmedUser("Bo Helper");
  const cy = await confirmedUser("Cy Other");
  await api(baseURL!, ana.token, "PUT", "/user/profile", { name: "Ana Asker", phone: null, generalArea: null });
  const groupName = `Okafor Lane ${Date.now().toString(36)}`;
  await groupWith(ana, groupName, [bo, cy]);

  // Ana adds Mrs. Okafor, who has no smartphone, from the group's member list, at 390 px.
  await signedInPage(ana);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/groups");
  const card = groupCard(page, groupName);
  await expect(card.getByText("3 members")).toBeVisible();
  await card.getByRole("button", { name: "View Members" }).click();
  await card.getByRole("button", { name: "Add a neighbour without the app" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a neighbour without the app" });
  await dialog.getByRole("button", { name: "Add neighbour" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("Mrs. Okafor");
  await dialog.getByLabel("Phone").fill("020 7946 0000");
  await dialog.getByLabel("General area (optional)").fill("Elm Street 4");
  await dialog.getByLabel("How to reach them (optional)").fill("Ring twice, she is slow to the door");
  await screenshot(page, testInfo.outputPath("add-neighbour-390.png"));
  await dialog.getByRole("button", { name: "Add neighbour" }).click();
  await expect(dialog).toBeHidden();
  const okafor = card.getByTestId("offline-member").filter({ hasText: "Mrs. Okafor" });
  await expect(okafor).toContainText("no app, reached by phone through you");
  await expect(okafor.getByRole("link", { name: "020 7946 0000" })).toHaveAttribute("href", "tel:02079460000");
  // She counts toward the group's members; not a user, so nobody can block, report or make her owner.
  await expect(card.getByText("4 members")).toBeVisible();
  await expect(okafor.getByRole("button", { name: /Block|Report|Make owner/ })).toHaveCount(0);
  await screenshot(page, testInfo.outputPath("members-390.png"), { fullPage: true });

  // Ana posts for her.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "New Request" }).click();
  const form = page.getByRole("dialog", { name: "Create New Request" });
  await form.getByLabel("Item description").fill("A loaf of rye bread");
  await form.getByLabel("For", { exact: true }).selectOption({ label: "Mrs. Okafor" });
  await expect(form.getByText("Repeat")).toHaveCount(0);
  await form.getByLabel("Needed by").fill(await localDateTime(page, 2, "18:30"));
  await form.getByRole("button", { name: "Create Request" }).click();
  await expect(form).toBeHidden();
  const mine = page.getByTestId("request-card").filter({ hasText: "A loaf of rye bread" });
  await expect(mine.getByTestId("request-for")).toHaveText("For Mrs. Okafor · posted by You");
  const requestId = (await mine.getAttribute("data-request-id"))!;

  // Bo sees who it is for, claims it, and then sees her phone, area and how to reach her.
  const { page: boPage } = await secondPerson({ user: bo });
  await boPage.setViewportSize({ width: 390, height: 844 });
  await boPage.goto(`/requests/${requestId}`);
  await expect(boPage.getByTestId("request-for")).toHaveText("For Mrs. Okafor · posted by Ana Asker");
  await expect(boPage.getByText("020 7946 0000")).toHaveCount(0);
  await boPage.getByRole("button", { name: "I can help" }).click();
  const hers = boPage.getByRole("region", { name: "How to reach Mrs. Okafor (no app)" });
  await expect(hers.getByRole("link", { name: "020 7946 0000" })).toHaveAttribute("href", "tel:02079460000");
  await expect(hers).toContainText("Elm Street 4");
  await expect(hers).toContainText("Ring twice, she is slow to the door");
  await expect(hers).toContainText("Ana Asker posted this for them and passes things on.");
  await screenshot(boPage, testInfo.outputPath("helper-sees-neighbour-390.png"), { fullPage: true });

  // Cy, another member, sees neither her phone nor where she lives.
  const { page: cyPage } = await secondPerson({ user: cy });
  await cyPage.goto(`/requests/${requestId}`);
  await expect(cyPage.getByTestId("request-for")).toHaveText("For Mrs. Okafor · posted by Ana Asker");
  await expect(cyPage.getByText("020 7946 0000")).toHaveCount(0);
  await expect(cyPage.getByText("Elm Street 4")).toHaveCount(0);

  // Bo delivers; Ana thanks him for Mrs. Okafor, and the thanks reach him as hers.
  await boPage.getByRole("button", { name: "Mark fulfilled" }).click();
  await expect(hers).toHaveCount(0);
  await page.reload();
  const thank = mine.getByRole("button", { name: "Thank you from Mrs. Okafor" });
  await expect(thank).toBeVisible();
  await screenshot(page, testInfo.outputPath("thank-for-neighbour-1280.png"), { fullPage: true });
  await thank.click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Thanks from Mrs. Okafor went to Bo Helper." }),
  ).toBeVisible();
  await expect(mine).toContainText("Thanks from Mrs. Okafor sent");
  await boPage.reload();
  await expect(boPage.getByTestId("request-card")).toContainText("Thanks from Mrs. Okafor, passed on by Ana Asker");
  await expect.poll(() => boPage.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(boPage, testInfo.outputPath("thanked-from-neighbour-390.png"), { fullPage: true });
});
