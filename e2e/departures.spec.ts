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
