import { api, expect, groupCard, test, toast } from "./support";

/**
 * Issue 43: asking to join, seen by the person asking (whom they wait for, withdrawing, the answer live) and
 * by the owner (which links join at once, and revoking them when approval is asked for).
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

test("a neighbour waiting to be let in sees whom they wait for and is let in live", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const bo = await confirmedUser("Bo Park");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  const link = await api<{ token: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {
    approval: true,
  });
  await api(baseURL!, bo.token, "POST", `/invites/${link.token}/join`);

  await (await signedInPage(bo)).goto("/groups");
  const waiting = page.getByTestId("waiting-to-join");
  await expect(waiting.getByText("Waiting for Olive Owner to let you in")).toBeVisible();
  await expect(waiting.getByRole("heading", { name: "Asked to join Elm Court" })).toBeVisible();
  await expect(page.getByText("No groups yet")).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-groups-${width}.png`, fullPage: true });
  }

  await page.goto("/");
  await expect(waiting.getByText("Waiting for Olive Owner to let you in")).toBeVisible();
  // Not offered to create a group while waiting for one.
  await expect(page.getByRole("link", { name: /create a group/i })).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-dashboard-${width}.png`, fullPage: true });
  }

  const [request] = await api<{ id: string }[]>(baseURL!, owner.token, "GET", `/groups/${group.id}/join-requests`);
  await api(baseURL!, owner.token, "POST", `/groups/${group.id}/join-requests/${request!.id}/approve`);
  // No reload: the answer comes live.
  await expect(toast(page, "Elm Court: you are in")).toBeVisible();
  await expect(page.getByTestId("dashboard-group").filter({ hasText: "Elm Court" })).toBeVisible();
  await expect(page.getByTestId("waiting-to-join")).toHaveCount(0);
});

test("a neighbour withdraws their request to join, and it leaves the owner's list", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const bo = await confirmedUser("Bo Park");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  const link = await api<{ token: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {
    approval: true,
  });
  await api(baseURL!, bo.token, "POST", `/invites/${link.token}/join`);
  await (await signedInPage(bo)).goto("/groups");
  await page.getByRole("button", { name: "Withdraw request" }).click();
  await expect(toast(page, "Request to join Elm Court withdrawn")).toBeVisible();
  await expect(page.getByTestId("waiting-to-join")).toHaveCount(0);
  await expect(page.getByText("No groups yet")).toBeVisible();
  expect(await api(baseURL!, owner.token, "GET", `/groups/${group.id}/join-requests`)).toEqual([]);
});

test("an owner asking for approval is told which links still join at once, and revokes them", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  await api(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {});
  await api(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, { expiresInDays: 30 });
  await (await signedInPage(owner)).goto("/groups");
  const card = groupCard(page, "Elm Court");
  await card.getByRole("button", { name: "Share a link" }).click();
  await expect(card.getByText("2 links let anyone who has them join at once, without asking you.")).toBeVisible();
  await card.getByLabel("Ask me to approve each person").check();
  await expect(card.getByText("Your 2 older links still let people join at once.")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.getByText("Your 2 older links still let people join at once.").scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/links-approval-${width}.png` });
  }
  await card.getByRole("button", { name: "Revoke links that join at once" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke links that join at once" }).click();
  await expect(toast(page, "2 links revoked")).toBeVisible();
  await card.getByRole("button", { name: "Create link" }).click();
  await expect(card.getByText("Everyone who opens these links asks you first.")).toBeVisible();
  await expect(card.getByTestId("group-link")).toHaveCount(1);
});

test("a group's owner sees a report about a request in their group and removes the request", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const pat = await confirmedUser("Pat Poster");
  const nell = await confirmedUser("Nell Neighbour");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  const link = await api<{ token: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {});
  for (const person of [pat, nell]) await api(baseURL!, person.token, "POST", `/invites/${link.token}/join`);
  const request = await api<{ id: string }>(baseURL!, pat.token, "POST", "/requests", {
    groupId: group.id,
    itemDescription: "Buy followers cheap",
    neededBy: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString(),
  });
  await api(baseURL!, nell.token, "POST", "/reports", {
    subject: { requestId: request.id },
    groupId: group.id,
    category: "spam",
    note: "An advert",
  });
  await (await signedInPage(owner)).goto("/groups");
  const reports = groupCard(page, "Elm Court").getByRole("region", { name: "Reported in Elm Court" });
  await expect(reports.getByTestId("group-report")).toHaveCount(1);
  await expect(reports.getByText("Buy followers cheap")).toBeVisible();
  await expect(reports.getByText("Spam · An advert")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await reports.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/group-reports-${width}.png` });
  }
  await reports.getByRole("button", { name: "Remove request" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove request" }).click();
  await expect(toast(page, "Request removed")).toBeVisible();
  await expect(groupCard(page, "Elm Court").getByRole("region", { name: "Reported in Elm Court" })).toHaveCount(0);
});
