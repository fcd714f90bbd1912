import { api, createRequest, expect, groupCard, screenshot, test, toast } from "./support";

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

test("asked again after a change, a member starts on Accept, not Leave Group, and sees what changed marked", async ({
  baseURL,
  confirmedUser,
  groupWith,
  secondPerson,
}, testInfo) => {
  const mia = await confirmedUser("Mia Member");
  const olga = await confirmedUser("Olga Owner");
  const groupId = await groupWith(olga, "Linden Walk", [mia]);
  await api(baseURL!, olga.token, "PUT", `/groups/${groupId}`, { rules: "Be kind.\nNothing for sale.\nBring bags." });
  await api(baseURL!, mia.token, "POST", `/groups/${groupId}/rules/accept`);
  await api(baseURL!, olga.token, "PUT", `/groups/${groupId}`, {
    rules: "Be kind.\nNothing for sale or swap.\nBring bags.\nQuiet after 9 pm.",
  });

  const { page } = await secondPerson({ user: mia });
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "The rules of Linden Walk" });
  await expect(dialog).toBeVisible();
  // Issue 43: Enter or Space on arrival accepts; leaving takes a deliberate move.
  await expect(dialog.getByRole("button", { name: "Accept" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Leave Group" })).not.toBeFocused();
  const diff = dialog.getByTestId("rules-diff");
  await expect(diff.locator("ins")).toHaveText(["New: Nothing for sale or swap.", "New: Quiet after 9 pm."]);
  await expect(diff.locator("del")).toHaveText(["Removed: Nothing for sale."]);
  await expect(diff.locator(".rules-line:not(ins):not(del)")).toHaveText(["Be kind.", "Bring bags."]);
  await screenshot(page, testInfo.outputPath("rules-changed-1280-light.png"));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo.outputPath("rules-changed-390-light.png"));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const groups = await api<{ id: string }[]>(baseURL!, mia.token, "GET", "/groups");
  expect(groups.map((g) => g.id)).toContain(groupId);
});

test("leaving from the rules-changed dialog asks first, saying what leaving does, and Cancel goes back to the rules", async ({
  baseURL,
  confirmedUser,
  groupWith,
  secondPerson,
}, testInfo) => {
  const mia = await confirmedUser("Mia Member");
  const olga = await confirmedUser("Olga Owner");
  const groupId = await groupWith(olga, "Sorrel Court", [mia]);
  await createRequest(baseURL!, mia, { groupId, itemDescription: "Stamps" });
  await api(baseURL!, olga.token, "PUT", `/groups/${groupId}`, { rules: "Be kind." });
  await api(baseURL!, mia.token, "POST", `/groups/${groupId}/rules/accept`);
  await api(baseURL!, olga.token, "PUT", `/groups/${groupId}`, { rules: "Be kind.\nNothing for sale." });
  const stillMember = async () =>
    (await api<{ id: string }[]>(baseURL!, mia.token, "GET", "/groups")).some((g) => g.id === groupId);

  const { page } = await secondPerson({ user: mia });
  await page.goto("/");
  const rules = page.getByRole("dialog", { name: "The rules of Sorrel Court" });
  await rules.getByRole("button", { name: "Leave Group" }).click();
  const confirm = page.getByRole("dialog", { name: "Leave Group" });
  await expect(confirm).toContainText("Are you sure you want to leave this group? This action cannot be undone.");
  await expect(confirm.getByTestId("leave-effects").getByRole("listitem")).toHaveText([
    "Your open request is deleted.",
  ]);
  expect(await stillMember()).toBe(true);
  await screenshot(page, testInfo.outputPath("rules-leave-confirm-1280-light.png"));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo.outputPath("rules-leave-confirm-390-light.png"));

  // Cancel goes back to the rules, still to be answered.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(rules).toBeVisible();
  expect(await stillMember()).toBe(true);

  await rules.getByRole("button", { name: "Leave Group" }).click();
  await confirm.getByRole("button", { name: "Leave Group" }).click();
  await expect(rules).toBeHidden();
  expect(await stillMember()).toBe(false);
});
