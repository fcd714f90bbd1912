import {
  api,
  apiAnswer,
  createRequest,
  expect,
  groupCard,
  hoursFromNow,
  requestCardOf,
  screenshots,
  test,
} from "./support";

/** Issue 41: a group's health for its owner (§4), and a first offer for every request (§3), in the browser. */

test("an owner reads their group's health", async ({ page, baseURL, confirmedUser, signedInPage, groupWith }) => {
  const owner = await confirmedUser("Olivia");
  const member = await confirmedUser("Mia");
  const street = await groupWith(owner, "Linden Row", [member]);
  const bread = await createRequest<{ id: string }>(baseURL!, member, {
    groupId: street,
    itemDescription: "A loaf of bread",
    neededBy: hoursFromNow(24),
  });
  await createRequest(baseURL!, member, { groupId: street, itemDescription: "Oat milk", neededBy: hoursFromNow(30) });
  await api(baseURL!, owner.token, "POST", `/requests/${bread.id}/claim`);

  await signedInPage(owner);
  await page.goto("/groups");
  const health = groupCard(page, "Linden Row").getByRole("region", { name: "How the group is doing" });
  await expect(health).toBeVisible();
  await expect(health.getByText("The last 30 days, seen only by you")).toBeVisible();
  // The sparkline is an image with its words: two requests this week.
  await expect(health.getByRole("img", { name: /^Requests per week: 2 requests in the last 8 weeks/ })).toBeVisible();
  await expect(health.locator("dt", { hasText: "Requests" }).locator("xpath=following-sibling::dd")).toHaveText("2");
  await expect(health.locator("dt", { hasText: "Fulfilled" }).locator("xpath=following-sibling::dd")).toHaveText(
    "0 of 2",
  );
  await expect(
    health.locator("dt", { hasText: "Typical wait for a first offer" }).locator("xpath=following-sibling::dd"),
  ).toHaveText("Under a minute");
  await expect(health.getByText("Everyone has visited in the last 30 days.")).toBeVisible();
  await screenshots(page, "group-health", { target: groupCard(page, "Linden Row") });

  // The route refuses a member, and a member's card of the same group has no such panel.
  expect((await apiAnswer(baseURL!, member.token, "GET", `/groups/${street}/health`)).status).toBe(403);
  await signedInPage(member);
  await page.goto("/groups");
  await expect(groupCard(page, "Linden Row")).toBeVisible();
  await expect(groupCard(page, "Linden Row").getByRole("region", { name: "How the group is doing" })).toHaveCount(0);
});

test("a neighbour's first request is marked, and one nobody has offered for comes back to the top", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const ana = await confirmedUser("Ana");
  const ben = await confirmedUser("Ben");
  const cy = await confirmedUser("Cy");
  const mia = await confirmedUser("Mia");
  const street = await groupWith(ana, "Birch Lane", [ben, cy, mia]);
  await api(baseURL!, mia.token, "PUT", "/user/email-preferences", { frequency: "immediate" });
  // Milk is needed in 4 hours: nobody offers, so at half-way (2 hours) it comes back to the top. Eggs is needed
  // sooner, but Cy offered once and gave it back: someone has offered, so it is not marked.
  const milk = await createRequest<{ id: string }>(baseURL!, ana, {
    groupId: street,
    itemDescription: "Two pints of milk",
    neededBy: hoursFromNow(4),
  });
  const eggs = await createRequest<{ id: string }>(baseURL!, ben, {
    groupId: street,
    itemDescription: "Six eggs",
    neededBy: hoursFromNow(3.5),
  });
  await api(baseURL!, cy.token, "POST", `/requests/${eggs.id}/claim`);
  await api(baseURL!, cy.token, "POST", `/requests/${eggs.id}/unclaim`);

  // The posting notice of Ana's first request in the group says so.
  await expect
    .poll(async () => (await mailbox.all(mia.email)).find((e) => e.subject.includes("Two pints of milk"))?.text ?? "")
    .toContain("First request from Ana");

  // Two and a half hours pass without a wait: the answers tell this page the server's time is that much later, as
  // they would then. The page judges "Nobody has offered yet" and the order by the server's time (useServerNow).
  let hoursLater = 0;
  await page.route("**/trpc/requests.dashboard*", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /"serverTime":"([^"]+)"/g,
      (_, iso: string) => `"serverTime":"${new Date(Date.parse(iso) + hoursLater * 3_600_000).toISOString()}"`,
    );
    await route.fulfill({ response, body });
  });
  await signedInPage(mia);
  await page.goto("/");
  const helpable = page.getByRole("list", { name: "Requests you can help with" });
  const cards = helpable.getByTestId("request-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute("data-request-id", eggs.id);
  await expect(requestCardOf(page, milk.id).getByText("First request from Ana")).toBeVisible();
  await expect(requestCardOf(page, eggs.id).getByText("First request from Ben")).toBeVisible();
  await expect(page.getByText("Nobody has offered yet")).toHaveCount(0);

  hoursLater = 2.5;
  await page.reload();
  await expect(requestCardOf(page, milk.id).getByText("Nobody has offered yet")).toBeVisible();
  await expect(cards.nth(0)).toHaveAttribute("data-request-id", milk.id);
  await expect(requestCardOf(page, eggs.id).getByText("Nobody has offered yet")).toHaveCount(0);
  await screenshots(page, "nobody-has-offered-yet", { target: helpable });
});
