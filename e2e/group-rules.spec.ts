import { api, expect, groupCard, screenshot, test, toast } from "./support";

/** Issue 29, PRODUCT "Group rules": the owner writes rules, a newcomer accepts them to join, a member accepts a change. */
test("a member accepts the group's changed rules", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}, testInfo) => {
  const mia = await confirmedUser("Mia Member");
  const nat = await confirmedUser("Nat Newcomer");
  const olga = await confirmedUser("Olga Owner");
  await groupWith(olga, "Rowan Row", [mia]);

  // The owner writes the rules on the group's card.
  await (await signedInPage(olga)).goto("/groups");
  const card = groupCard(page, "Rowan Row");
  await card.getByRole("button", { name: "Add rules" }).click();
  await card.getByLabel("Rules").fill("1. Be kind.\n2. Nothing for sale.");
  await card.getByRole("button", { name: "Save rules" }).click();
  await expect(toast(page, "Rules saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Edit rules" })).toBeVisible();

  // The member is asked on their next visit, and nothing else until they answer.
  const { page: miasPage } = await secondPerson({ user: mia });
  await miasPage.goto("/");
  const dialog = miasPage.getByRole("dialog", { name: "The rules of Rowan Row" });
  await expect(dialog).toContainText("Nothing for sale.");
  await miasPage.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await screenshot(miasPage, testInfo.outputPath("rules-dialog-1280-light.png"));
  await miasPage.setViewportSize({ width: 390, height: 844 });
  await miasPage.emulateMedia({ colorScheme: "dark" });
  await screenshot(miasPage, testInfo.outputPath("rules-dialog-390-dark.png"));
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog).toBeHidden();
  await miasPage.reload();
  await expect(miasPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(miasPage.getByRole("dialog", { name: "The rules of Rowan Row" })).toHaveCount(0);

  // A newcomer by a group link sees the rules and must accept them to join.
  const groups = await api<{ id: string; name: string }[]>(baseURL!, olga.token, "GET", "/groups");
  const groupId = groups.find((group) => group.name === "Rowan Row")!.id;
  const link = await api<{ token: string }>(baseURL!, olga.token, "POST", `/groups/${groupId}/links`, {});
  const { page: natsPage } = await secondPerson({ user: nat });
  await natsPage.goto(`/join/${link.token}`);
  await expect(natsPage.getByRole("heading", { name: "Group rules" })).toBeVisible();
  await natsPage.getByRole("button", { name: "Join Group" }).click();
  await expect(natsPage.getByRole("alert")).toContainText("Please accept the group's rules to join it");
  await screenshot(natsPage, testInfo.outputPath("join-rules-1280-light.png"));
  await natsPage.getByLabel("I accept the group's rules").check();
  await natsPage.getByRole("button", { name: "Join Group" }).click();
  await expect(natsPage.getByRole("heading", { name: "Welcome to Rowan Row" })).toBeVisible();
});
