import { api, apiAnswer, createRequest, expect, screenshot, screenshots, test, toast } from "./support";

test("a member reports a request, an admin suspends its author, whose open session is refused at once, and the request is gone from the group", async ({
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}, testInfo) => {
  const admin = await confirmedUser("Ada Admin", "admin-moderation@example.com");
  const author = await confirmedUser("Sam Seller");
  const reporter = await confirmedUser("Rita Reporter");
  const groupId = await groupWith(author, `Report Row ${Date.now().toString(36)}`, [reporter]);
  const item = `Cheap watches, DM me ${Date.now().toString(36)}`;
  const posted = await createRequest(baseURL!, author, {
    groupId,
    itemDescription: item,
  });

  // The author's browser is open on their dashboard, their request in it.
  const { page: authorPage } = await secondPerson({ user: author });
  await authorPage.goto("/");
  await expect(authorPage.getByRole("heading", { name: item })).toBeVisible();

  // The reporter reports it from its page (a notification's link): a dialog with the categories and a note.
  const page = await signedInPage(reporter);
  await page.goto(`/requests/${posted.id}`);
  const card = page.getByTestId("request-card").filter({ has: page.getByRole("heading", { name: item }) });
  await card.getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this request" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose what is wrong")).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByLabel("Note (optional)").fill("Selling, not asking");
  await expect(dialog.getByText("19 of 500 characters")).toBeVisible();
  await screenshot(page, testInfo.outputPath("report-dialog.png"));
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Thank you for your report")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The admin finds it in the queue, in context, and suspends its author with a reason.
  const { page: adminPage } = await secondPerson({ user: admin });
  await adminPage.goto("/admin");
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reports" }).click();
  await expect(adminPage).toHaveURL(/\/admin\/reports$/);
  const report = adminPage.getByTestId("admin-report").filter({ hasText: item });
  await expect(report).toContainText("Sam Seller");
  await expect(report).toContainText("Note: Selling, not asking");
  await screenshot(adminPage, testInfo.outputPath("admin-reports.png"), { fullPage: true });
  await report.getByRole("button", { name: "Suspend account" }).click();
  const confirm = adminPage.getByRole("dialog", { name: "Suspend Sam Seller?" });
  await confirm.getByRole("button", { name: "Suspend account" }).click();
  await expect(confirm.getByText("Give a reason")).toBeVisible();
  await confirm.getByLabel("Reason (kept in the audit log)").fill("Selling watches");
  await confirm.getByRole("button", { name: "Suspend account" }).click();
  await expect(toast(adminPage, "Sam Seller is suspended")).toBeVisible();
  await expect(adminPage.getByTestId("admin-report").filter({ hasText: item })).toHaveCount(0);

  // The author's open session is refused at once: their next step lands on the login page.
  expect((await apiAnswer(baseURL!, author.token, "GET", "/user/current")).status).toBe(401);
  await authorPage.goto("/");
  await expect(authorPage).toHaveURL(/\/login/);
  await authorPage.getByLabel("Email").fill(author.email);
  await authorPage.getByLabel("Password").fill("neighbourly-secret-42");
  await authorPage.getByRole("button", { name: "Log In" }).click();
  // A page that stays, not a toast that goes (issue 43 §3), saying how to reach the admins.
  await expect(authorPage.getByRole("heading", { name: "This account is suspended" })).toBeVisible();
  await expect(
    authorPage.getByText("If you think this is a mistake, tell the administrators through the feedback form."),
  ).toBeVisible();
  await authorPage.waitForTimeout(4500);
  await expect(authorPage.getByRole("heading", { name: "This account is suspended" })).toBeVisible();
  await screenshots(authorPage, "suspended-sign-in");
  await expect(authorPage.getByRole("link", { name: "Open the feedback form" })).toHaveAttribute("href", "/feedback");
  // The e-mail goes out from the outbox after the suspension commits: asked until it is there.
  await expect
    .poll(async () => (await mailbox.all(author.email)).map((e) => `${e.subject} | ${e.text}`).join("\n"))
    .toMatch(/account is suspended[^\n]*\|[^]*Selling watches[^]*feedback form: http/);

  // The request is gone from the group.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your Requests" })).toBeVisible();
  await expect(page.getByRole("heading", { name: item })).toHaveCount(0);
  const groupList = await api<unknown[]>(baseURL!, reporter.token, "GET", `/groups/${groupId}/requests`);
  expect(JSON.stringify(groupList)).not.toContain(item);

  // The audit log says who did what, and why.
  await adminPage.getByRole("link", { name: "Audit log" }).click();
  const entry = adminPage.getByTestId("audit-entry").filter({ hasText: "Selling watches" });
  await expect(entry).toContainText("Suspended an account");
  await screenshot(adminPage, testInfo.outputPath("admin-audit.png"), { fullPage: true });
});

test("a member reports a neighbour's request from its card's menu on the dashboard", async ({
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const author = await confirmedUser("Pat Poster");
  const reporter = await confirmedUser("Rui Reporter");
  const groupId = await groupWith(author, `Menu Row ${Date.now().toString(36)}`, [reporter]);
  const item = `Free kittens ${Date.now().toString(36)}`;
  await createRequest(baseURL!, author, {
    groupId,
    itemDescription: item,
  });

  const page = await signedInPage(reporter);
  await page.goto("/");
  await page.getByRole("button", { name: `More actions for ${item}` }).click();
  await page.getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this request" });
  await dialog.getByRole("radio", { name: "Not allowed here" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Thank you for your report")).toBeVisible();
  // Reported once: a second report of the same request is refused with its reason.
  await page.getByRole("button", { name: `More actions for ${item}` }).click();
  await page.getByRole("button", { name: "Report" }).click();
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "You have already reported this. An admin will look at it.")).toBeVisible();
});
