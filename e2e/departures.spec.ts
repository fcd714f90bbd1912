import { createRequest, expect, test, api, apiAnswer, type ApiUser } from "./support";

/** PRODUCT "Departures": what a removed member leaves behind goes with them. */

async function userId(baseURL: string, user: ApiUser): Promise<string> {
  return (await api<{ id: string }>(baseURL, user.token, "GET", "/user/current")).id;
}

test("a removed member's request disappears from another member's open dashboard, and the owner's removal tells them", async ({
  baseURL,
  confirmedUser,
  groupWith,
  signedInPage,
  mailbox,
}) => {
  const owner = await confirmedUser("Orla Owner");
  const leaving = await confirmedUser("Rex Removed");
  const watcher = await confirmedUser("Wendy Watcher");
  const groupId = await groupWith(owner, "Birch Lane", [leaving, watcher]);
  await createRequest(baseURL!, leaving, { groupId, itemDescription: "Oat milk" });

  const page = await signedInPage(watcher);
  await page.goto("/");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
  const request = page.getByTestId("request-card").filter({ hasText: "Oat milk" });
  await expect(request).toBeVisible();
  await expect(request.getByRole("button", { name: "I can help" })).toBeVisible();

  const removal = await apiAnswer(
    baseURL!,
    owner.token,
    "DELETE",
    `/groups/${groupId}/members/${await userId(baseURL!, leaving)}`,
  );
  expect(removal.status).toBe(200);

  // Live: the page is not reloaded.
  await expect(request).toHaveCount(0);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");

  const told = async () =>
    (await mailbox.all(leaving.email)).find((mail) => mail.subject === 'You were removed from "Birch Lane"')?.text;
  await expect.poll(told, { timeout: 15_000 }).toContain("Your open request there was withdrawn: Oat milk");
});

test("the Leave Group dialog says what leaving does to one's claims, open requests and trips there", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}, testInfo) => {
  const olga = await confirmedUser("Olga Owner");
  const tia = await confirmedUser("Tia Tripper");
  const street = await groupWith(olga, "Hazel Street", [tia]);
  // Tia helps with two of Olga's requests, has one of her own open, and a trip only this group hears of.
  const claimed: string[] = [];
  for (const item of ["Milk", "Bread"]) {
    const request = await createRequest(baseURL!, olga, { groupId: street, itemDescription: item });
    await api(baseURL!, tia.token, "POST", `/requests/${request.id}/claim`);
    claimed.push(request.id);
  }
  const statuses = () =>
    Promise.all(
      claimed.map(async (id) => (await api<{ status: string }>(baseURL!, olga.token, "GET", `/requests/${id}`)).status),
    );
  await createRequest(baseURL!, tia, { groupId: street, itemDescription: "Stamps" });
  await api(baseURL!, tia.token, "POST", "/trips", {
    groupIds: [street],
    store: "Aldi",
    departsAt: new Date(Date.now() + 30 * 3600_000).toISOString(),
  });

  await (await signedInPage(tia)).goto("/groups");
  const card = page.locator('[data-testid="group-card"]', { hasText: "Hazel Street" });
  await card.getByRole("button", { name: "Leave Group" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave Group" });
  await expect(dialog).toContainText("Are you sure you want to leave this group? This action cannot be undone.");
  const effects = dialog.getByTestId("leave-effects");
  await expect(effects.getByRole("listitem")).toHaveText([
    "The 2 requests you offered to help with go back to their requesters, open for others.",
    "Your open request is deleted.",
    /^Your trip on .+ is cancelled; its items go back to their requesters\.$/,
  ]);
  await page.screenshot({ path: testInfo.outputPath("leave-dialog-1280-light.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("leave-dialog-390-light.png") });

  // Asking changed nothing; leaving does what it said.
  expect(await statuses()).toEqual(["claimed", "claimed"]);
  await dialog.getByRole("button", { name: "Leave Group" }).click();
  await expect(card).toHaveCount(0);
  expect(await statuses()).toEqual(["open", "open"]);
});
