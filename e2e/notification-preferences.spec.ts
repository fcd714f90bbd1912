import type { Page } from "@playwright/test";
import {
  api,
  createRequest,
  daysFromNow,
  expect,
  groupCard,
  screenshots,
  test,
  toast,
  type ApiUser,
  type Mailbox,
  type MailboxEmail,
} from "./support";

/** Issue 15: notification preferences per kind (profile switches) and per group (profile and group cards). */

function post(baseURL: string, who: ApiUser, groupId: string, itemDescription: string) {
  return createRequest(baseURL, who, { groupId, itemDescription, neededBy: daysFromNow(3) });
}

/** Waits for an e-mail to `to` whose subject matches, and returns every e-mail to `to` by then. */
async function waitForSubject(mailbox: Mailbox, to: string, subject: RegExp): Promise<MailboxEmail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const emails = await mailbox.all(to);
    if (emails.some((e) => subject.test(e.subject))) return emails;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a subject matching ${subject}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function notificationsSection(page: Page) {
  return page.getByRole("region", { name: "Notifications" });
}

test("a member mutes one group and still hears of new requests in another", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Olive");
  const member = await confirmedUser("Milo");
  const elm = await groupWith(owner, "Elm Street", [member]);
  const ash = await groupWith(owner, "Ash Lane", [member]);
  await api(baseURL!, member.token, "PUT", "/user/email-preferences", { frequency: "immediate" });

  await signedInPage(member);
  await page.goto("/profile");
  const section = notificationsSection(page);
  const elmSelect = section.getByLabel("Elm Street");
  await expect(elmSelect).toHaveValue("profile");
  await expect(elmSelect.getByRole("option", { name: "As in my profile (Immediate)" })).toHaveCount(1);
  await elmSelect.selectOption({ label: "Off" });
  // A group's choice saves at once and says so in place, and the group says what it brings now.
  await expect(section.getByRole("status").filter({ hasText: "Elm Street: muted" })).toBeVisible();
  await expect(toast(page, "Elm Street: muted")).toHaveCount(0);
  await expect(section.getByRole("listitem").filter({ hasText: "Elm Street" })).toContainText(
    "No e-mail or push: you see its requests in the app.",
  );
  await screenshots(page, "notification-preferences-profile", { themes: ["light"] });

  // The setting is kept: a fresh page shows it.
  await page.reload();
  await expect(notificationsSection(page).getByLabel("Elm Street")).toHaveValue("off");
  await expect(notificationsSection(page).getByLabel("Ash Lane")).toHaveValue("profile");

  await post(baseURL!, owner, elm, "Milk from Elm");
  await post(baseURL!, owner, ash, "Bread for Ash");
  // A person's e-mails go out in the order they were queued: once Ash's is in, Elm's would be too.
  const emails = await waitForSubject(mailbox, member.email, /^New request in Ash Lane: Bread for Ash$/);
  expect(emails.map((e) => e.subject).filter((s) => /^New request in Elm Street/.test(s))).toEqual([]);
});

test("a member turns off e-mails about their requests from the profile", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const requester = await confirmedUser("Rhea");
  const helper = await confirmedUser("Hal");
  const street = await groupWith(requester, "Oak Court", [helper]);

  await signedInPage(requester);
  // As "Manage notifications" in an e-mail links: straight to the switches, focus on their heading.
  await page.goto("/profile#notifications");
  await expect(page.getByRole("heading", { name: "Notifications", exact: true })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Notifications", exact: true })).toBeInViewport();
  const section = notificationsSection(page);
  const emailSwitch = section.getByRole("switch", {
    name: "E-mail: A neighbour claims, unclaims or fulfils my request",
  });
  const pushSwitch = section.getByRole("switch", { name: "Push: A neighbour claims, unclaims or fulfils my request" });
  await expect(emailSwitch).toBeChecked();
  // By keyboard: the switch is a real control.
  await emailSwitch.focus();
  await page.keyboard.press("Space");
  await expect(emailSwitch).not.toBeChecked();
  await expect(
    section.getByRole("status").filter({ hasText: "E-mail off: a neighbour claims, unclaims or fulfils my request" }),
  ).toBeVisible();
  // No device receives push: the push switch sends nothing, so it is not shown on, and says why.
  await expect(pushSwitch).not.toBeChecked();
  await expect(pushSwitch).toBeDisabled();
  await expect(pushSwitch).toHaveAccessibleDescription(/^Push: no device receives notifications yet/);
  // The profile's frequency is untouched.
  await expect(page.getByLabel("Never")).toBeChecked();

  await page.reload();
  await expect(emailSwitch).not.toBeChecked();

  const milk = await post(baseURL!, requester, street, "Milk");
  await api(baseURL!, helper.token, "POST", `/requests/${milk.id}/claim`);

  // Back on: the next claim is told, and the one while it was off was not.
  await emailSwitch.click();
  await expect(emailSwitch).toBeChecked();
  await expect(
    section.getByRole("status").filter({ hasText: "E-mail on: a neighbour claims, unclaims or fulfils my request" }),
  ).toBeVisible();
  const eggs = await post(baseURL!, requester, street, "Eggs");
  await api(baseURL!, helper.token, "POST", `/requests/${eggs.id}/claim`);
  const emails = await waitForSubject(mailbox, requester.email, /offered to help with your request: Eggs$/);
  expect(emails.filter((e) => /your request: Milk$/.test(e.subject))).toEqual([]);
});

test("a member sets a group's notifications on its group card, and a refused change goes back", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Otto");
  const member = await confirmedUser("Mae");
  await groupWith(owner, "Birch Lane", [member]);

  await signedInPage(member);
  await page.goto("/groups");
  const control = groupCard(page, "Birch Lane").getByLabel("New requests");
  await expect(control).toHaveValue("profile");
  // On Never, the profile's choice is Off: the menu says Off once.
  await expect(control.locator("option")).toHaveText(["As in my profile (Off)", "Immediate", "Daily", "Weekly"]);
  await control.selectOption({ label: "Daily" });
  await expect(toast(page, "Birch Lane: new requests in the daily summary")).toBeVisible();
  await screenshots(page, "notification-preferences-group-card", { themes: ["light"] });

  // The same setting on the profile.
  await page.goto("/profile");
  await expect(notificationsSection(page).getByLabel("Birch Lane")).toHaveValue("daily");

  // The server refuses: the select shows what is saved again, and says why.
  await page.goto("/groups");
  await page.route("**/trpc/user.updateGroupNotifications**", (route) =>
    route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify([
        { error: { message: "Group not found", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404 } } },
      ]),
    }),
  );
  await control.selectOption({ label: "Immediate" });
  await expect(toast(page, "Group not found")).toBeVisible();
  await expect(control).toHaveValue("daily");
});
