import { createRequest, expect, groupCard, screenshot, test, toast } from "./support";

/** Issue 29, PRODUCT "Blocking": a member blocks a neighbour from a request card and unblocks from the profile. */

test("a member blocks a neighbour and no longer sees their requests", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}, testInfo) => {
  const mia = await confirmedUser("Mia Member");
  const nat = await confirmedUser("Nat Neighbour");
  const olga = await confirmedUser("Olga Owner");
  const groupId = await groupWith(olga, "Birch Lane", [mia, nat]);
  const nats = await createRequest(baseURL!, nat, {
    groupId,
    itemDescription: "A bag of flour",
  });
  await createRequest(baseURL!, olga, { groupId, itemDescription: "Oat milk" });
  const mias = await createRequest(baseURL!, mia, {
    groupId,
    itemDescription: "Two lemons",
  });

  await (await signedInPage(mia)).goto("/");
  const flour = page.getByTestId("request-card").filter({ hasText: "A bag of flour" });
  await expect(flour).toBeVisible();
  await expect(page.getByTestId("request-card").filter({ hasText: "Oat milk" })).toBeVisible();

  // From the card's menu, with the keyboard: the menu opens, Block asks first.
  const menu = flour.getByRole("button", { name: "More actions for A bag of flour" });
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await screenshot(flour, testInfo.outputPath("card-menu-1280-light.png"));
  await flour.getByRole("button", { name: "Block Nat Neighbour" }).click();
  const dialog = page.getByRole("dialog", { name: "Block Nat Neighbour?" });
  await expect(dialog).toContainText("They aren't told");
  await screenshot(page, testInfo.outputPath("block-dialog-1280-light.png"));
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo.outputPath("block-dialog-1280-dark.png"));
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(toast(page, "You blocked Nat Neighbour.")).toBeVisible();
  await expect(page.getByTestId("request-card").filter({ hasText: "A bag of flour" })).toHaveCount(0);
  await expect(page.getByTestId("request-card").filter({ hasText: "Oat milk" })).toBeVisible();

  // The request's own page reads as gone, and so does the group's list.
  await page.goto(`/requests/${nats.id}`);
  await expect(page.getByText("This request is no longer available.")).toBeVisible();

  // Nat is not told, and no longer sees Mia's request; a claim by address is refused without a reason.
  const { page: natsPage } = await secondPerson({ user: nat });
  await natsPage.goto("/");
  await expect(natsPage.getByTestId("request-card").filter({ hasText: "Oat milk" })).toBeVisible();
  await expect(natsPage.getByTestId("request-card").filter({ hasText: "Two lemons" })).toHaveCount(0);
  const claim = await natsPage.request.post(`/api/requests/${mias.id}/claim`);
  expect(claim.status()).toBe(409);
  expect(await claim.json()).toEqual({ error: "Request is not available for claiming" });

  // Both are still in the group; Mia's member list says whom she blocked.
  await page.goto("/groups");
  const card = groupCard(page, "Birch Lane");
  await card.getByRole("button", { name: "View Members" }).click();
  await expect(card.getByRole("button", { name: "Unblock Nat Neighbour" })).toBeVisible();
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(card, testInfo.outputPath("member-list-1280-dark.png"));
  await page.emulateMedia({ colorScheme: "light" });

  // The profile's Blocked list, at 390 px, unblocks; the request is back.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  const blocked = page.getByRole("region", { name: "Blocked", exact: true });
  await expect(blocked.getByTestId("blocked-person")).toHaveText(/Nat Neighbour/);
  await blocked.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo.outputPath("blocked-list-390-light.png"));
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo.outputPath("blocked-list-390-dark.png"));
  await page.emulateMedia({ colorScheme: "light" });
  await blocked.getByRole("button", { name: "Unblock Nat Neighbour" }).click();
  await expect(toast(page, "You unblocked Nat Neighbour.")).toBeVisible();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
  await page.goto("/");
  const back = page.getByTestId("request-card").filter({ hasText: "A bag of flour" });
  await expect(back).toBeVisible();
  await page.emulateMedia({ colorScheme: "dark" });
  await back.getByRole("button", { name: "More actions for A bag of flour" }).click();
  await screenshot(page, testInfo.outputPath("card-menu-390-dark.png"));
});
