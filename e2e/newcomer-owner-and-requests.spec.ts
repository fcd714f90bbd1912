import { messages } from "@hyn/validators/messages";
import { api, createRequest, expect, hoursFromNow, screenshots, test } from "./support";

// Issue 17 (items 4, 5, 11, 12, 14 and the same-day hint): what a newcomer trips over.

test("an owner with other members is told why they cannot leave before any confirmation, next to Make owner", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Ada Owner");
  const bo = await confirmedUser("Bo Member");
  await groupWith(owner, "Hazel Row", [bo]);
  await signedInPage(owner);
  await page.goto("/groups");
  const card = page.getByTestId("group-card").filter({ hasText: "Hazel Row" });

  await card.getByRole("button", { name: "Leave Group" }).click();
  // The card's member list may still be loading (a status of its own): the refusal is the one that says so.
  const refusal = card.getByRole("status").filter({ hasText: messages.ownerCannotLeave });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText("Make owner");
  await expect(page.getByRole("dialog", { name: "Leave Group" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Make owner" })).toBeVisible();
});

test("right after posting, Notify group waits: the card says who heard of the notice and from when it can notify again", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Ada Owner");
  const bo = await confirmedUser("Bo Member");
  const groupId = await groupWith(owner, "Aspen Close", [bo]);
  // Bo answered "Only in the app" (unanswered, a group joined by invitation reaches them daily: issue 43 §5).
  await api(baseURL!, bo.token, "PUT", "/user/notifications-question", { frequency: "disabled" });
  await createRequest(baseURL!, owner, {
    itemDescription: "Oat milk",
    groupId,
    neededBy: hoursFromNow(30),
  });
  await signedInPage(owner);
  await page.goto("/");

  const card = page.getByTestId("request-card").filter({ hasText: "Oat milk" });
  await expect(card.getByRole("button", { name: "Notify group" })).toBeDisabled();
  // Bo is on Never, so the card says nobody was told (PRODUCT "Who will hear").
  await expect(
    card.getByText(/^Nobody was told of your last notice \(.+\): .+\. You can notify it again from .+\.$/),
  ).toBeVisible();
  await screenshots(page, "dashboard-notify", { themes: ["light"] });
});

test("the groups grid uses a desktop's width and keeps an owner card's three actions on one row", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Ada Owner");
  const bo = await confirmedUser("Bo Member");
  await groupWith(owner, "Willow Lane", [bo]);
  await signedInPage(owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/groups");

  const card = page.getByTestId("group-card").filter({ hasText: "Willow Lane" });
  const buttons = card.locator(".group-actions").getByRole("button");
  // View Members, Invite Members, Share a link (issue 27), Print sheet (issue 42 §2), then Leave Group; the last
  // two may take the next row.
  await expect(buttons).toHaveCount(5);
  const tops = await buttons.evaluateAll((all) => all.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(new Set(tops.slice(0, 3)).size, "the three actions on one row").toBe(1);
  expect((await card.boundingBox())!.width).toBeGreaterThan(480);
  await screenshots(page, "groups", { themes: ["light"] });
});

test("the admin dashboard on a phone shows two cards per row, legible chart labels and '< 1 min' for a claim in the first minute", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const admin = await confirmedUser("Ada Admin", "admin-e2e@example.com");
  const bo = await confirmedUser("Bo Helper");
  const groupId = await groupWith(admin, "Cedar Court", [bo]);
  const milk = await createRequest(baseURL!, admin, {
    itemDescription: "Milk",
    groupId,
    neededBy: hoursFromNow(30),
  });
  await api(baseURL!, bo.token, "POST", `/requests/${milk.id}/claim`);
  await signedInPage(admin);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");

  const claimCard = page.locator(".metric-card").filter({ hasText: "Avg. Time to Claim" });
  await expect(claimCard).toContainText("< 1");
  await expect(claimCard).toContainText("min");
  const cardTops = await page
    .locator(".metric-card")
    .evaluateAll((all) => all.slice(0, 2).map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(cardTops[0], "two cards per row").toBe(cardTops[1]);
  // The labels shown (on a phone the chart names every fourth week; the others are display: none).
  const labelHeights = await page
    .locator(".chart-axis")
    .evaluateAll((all) => all.map((t) => t.getBoundingClientRect().height).filter((height) => height > 0));
  expect(labelHeights.length).toBeGreaterThan(0);
  expect(Math.min(...labelHeights), "chart labels at least 12 px").toBeGreaterThanOrEqual(12);
  await screenshots(page, "admin", { themes: ["light"] });
});

test("the needed-by field starts tomorrow evening and says that a later time today can be typed in", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Ada Owner");
  await groupWith(owner, "Rowan Street", []);
  await signedInPage(owner);
  await page.goto("/");
  await page.getByRole("button", { name: "New Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await expect(
    dialog.getByText("Set to tomorrow at 18:00 to start with. Need it later today? Type today's date and a time."),
  ).toBeVisible();
});
