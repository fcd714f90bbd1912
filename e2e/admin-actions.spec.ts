import { api, chooseLanguage, expect, screenshots, test, toast } from "./support";

test("an admin reinstates a suspended owner from the audit log, whose paused group link works again, and removes a reported group after confirming", async ({
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}) => {
  const admin = await confirmedUser("Ada Admin", "admin-actions@example.com");
  const owner = await confirmedUser("Gil Owner");
  const member = await confirmedUser("Mae Member");
  const newcomer = await confirmedUser("Nico Newcomer");
  const groupName = `Quiet Lane ${Date.now().toString(36)}`;
  const groupId = await groupWith(owner, groupName, [member]);
  const ownerId = (await api<{ id: string }>(baseURL!, owner.token, "GET", "/user/current")).id;
  const link = await api<{ token: string }>(baseURL!, owner.token, "POST", `/groups/${groupId}/links`, {});
  await api(baseURL!, admin.token, "POST", `/admin/users/${ownerId}/suspend`, { reason: "Account taken over" });

  // While the owner is suspended, their link is paused: the join page says so, without saying why.
  const newcomerPage = await signedInPage(newcomer);
  await newcomerPage.goto(`/join/${link.token}`);
  await expect(newcomerPage.getByText("This group link is paused for now. Please try again later.")).toBeVisible();

  // The admin reinstates the owner from the suspension's entry in the audit log.
  const { page: adminPage } = await secondPerson({ user: admin });
  await adminPage.goto("/admin/audit");
  const entry = adminPage.getByTestId("audit-entry").filter({ hasText: "Account taken over" });
  await expect(entry).toContainText("Suspended an account");
  await entry.getByRole("button", { name: /Reinstate account/ }).click();
  const reinstate = adminPage.getByRole("dialog", { name: /^Reinstate Gil Owner/ });
  await reinstate.getByLabel("Reason (optional, kept in the audit log)").fill("Password reset");
  await reinstate.getByRole("button", { name: "Reinstate account" }).click();
  await expect(toast(adminPage, /is reinstated/)).toBeVisible();
  await expect(adminPage.getByTestId("audit-entry").filter({ hasText: "Password reset" })).toContainText(
    "Reinstated an account",
  );
  await expect(entry.getByRole("button", { name: /Reinstate account/ })).toHaveCount(0);

  // The link works again.
  await newcomerPage.reload();
  await expect(newcomerPage.getByRole("button", { name: "Join Group" })).toBeVisible();

  // A member reports the owner; the admin removes the group from the report, after confirming.
  await api(baseURL!, member.token, "POST", "/reports", {
    subject: { userId: ownerId },
    groupId,
    category: "not_allowed",
  });
  await adminPage.goto("/admin/reports");
  const report = adminPage.getByTestId("admin-report").filter({ hasText: groupName });
  await expect(report).toContainText("Gil Owner");
  for (const locale of ["es", "de", "en"] as const) {
    await chooseLanguage(adminPage, locale);
    if (locale === "en") break;
    await expect(report.getByRole("button")).toHaveCount(3);
    await screenshots(adminPage, `admin-reports-${locale}`);
    await adminPage.goto("/admin/audit");
    await expect(adminPage.getByTestId("audit-entry").first()).toBeVisible();
    await screenshots(adminPage, `admin-audit-${locale}`);
    await adminPage.goto("/admin/reports");
  }
  await report.getByRole("button", { name: "Remove group" }).click();
  const remove = adminPage.getByRole("dialog", { name: `Remove the group ${groupName}?` });
  await expect(remove).toContainText("its members are told by e-mail");
  await remove.getByRole("button", { name: "Remove group" }).click();
  await expect(toast(adminPage, "Group removed")).toBeVisible();
  await expect(adminPage.getByTestId("admin-report").filter({ hasText: groupName })).toHaveCount(0);
  await expect
    .poll(async () => (await mailbox.all(member.email)).some((e) => e.subject.includes(groupName)))
    .toBe(true);
});
