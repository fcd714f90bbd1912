import { messages } from "@hyn/validators/messages";
import { api, createRequest, expect, signUpAndConfirm, test } from "./support";

test("the About page says what fellow members see: name, e-mail and general area, the phone only to the two people of a claim", async ({
  page,
}) => {
  await page.goto("/about");
  const privacy = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Privacy first" }) });
  await expect(privacy).toContainText("Fellow members see your name, e-mail address and general area");
  await expect(privacy).toContainText(
    "Your phone number is shown to one person at a time, and only while a request is being helped with: to the neighbour helping you with yours, and to the neighbour whose request you are helping with",
  );
  await expect(privacy).not.toContainText("shown to no one");
  await expect(privacy).not.toContainText("only your general area is shown");
});

test("the Join page without a code says the spec's Invalid invitation link", async ({ page }) => {
  await page.goto("/invite");
  await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(page.getByText(messages.invalidInvitationLink, { exact: true })).toBeVisible();
});

test("a member reopening their used invitation link is told they are already in the group, with a button to it", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const member = await confirmedUser("Mo Member");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Birch Lane" });
  const invite = await api<{ token: string }>(baseURL!, owner.token, "POST", "/invites", {
    groupId: group.id,
    email: member.email,
  });
  await api(baseURL!, member.token, "POST", `/invites/${invite.token}/join`);

  await signedInPage(member);
  await page.goto(`/invite/${invite.token}`);
  await expect(page.getByRole("heading", { name: messages.alreadyMember })).toBeVisible();
  await expect(page.getByText("This invitation link is invalid or has expired.")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to Birch Lane" }).click();
  await expect(page).toHaveURL(`/groups?highlight=${group.id}`);
});

test("a newcomer with a pending invitation sees it on the dashboard above Your Groups, and accepting it adds the group", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const newcomer = await confirmedUser("Nia Newcomer");
  const elm = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  const oak = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Oak Row" });
  await api(baseURL!, owner.token, "POST", "/invites", { groupId: elm.id, email: newcomer.email });
  await api(baseURL!, owner.token, "POST", "/invites", { groupId: oak.id, email: newcomer.email });

  await signedInPage(newcomer);
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Pending Group Invitations" });
  await expect(panel).toBeVisible();
  const yourGroups = page.getByRole("heading", { name: "Your Groups" });
  const [panelBox, headingBox] = [await panel.boundingBox(), await yourGroups.boundingBox()];
  expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(headingBox!.y);

  await panel.getByRole("listitem", { name: "Invitation to Oak Row" }).getByRole("button", { name: "Decline" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Invitation declined" })).toBeVisible();
  await panel
    .getByRole("listitem", { name: "Invitation to Elm Court" })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(page.getByTestId("toast").filter({ hasText: "Successfully joined Elm Court!" })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId("dashboard-group")).toHaveCount(1);
  await expect(page.getByTestId("dashboard-group")).toContainText("Elm Court");
});

test("a newcomer without a name is asked what neighbours should call them, and can skip it for good", async ({
  page,
  mailbox,
}) => {
  const { email } = await signUpAndConfirm(page, mailbox);
  const step = page.getByRole("region", { name: "What should neighbours call you?" });
  await expect(step).toBeVisible();
  await expect(step).toContainText(email);
  await step.getByRole("button", { name: "Save name" }).click();
  await expect(step.getByText(messages.nameRequired)).toBeVisible();
  await step.getByRole("button", { name: "Skip for now" }).click();
  await expect(step).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await expect(step).toHaveCount(0);
});

test("a newcomer who gives a name at the first step is welcomed by it", async ({ page, mailbox }) => {
  await signUpAndConfirm(page, mailbox);
  const step = page.getByRole("region", { name: "What should neighbours call you?" });
  await step.getByLabel("Your name").fill("Nia Newcomer");
  await step.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Nia Newcomer!" })).toBeVisible();
  await expect(step).toHaveCount(0);
});

test("a member without a name shows by e-mail address on request cards and once in the member list", async ({
  page,
  baseURL,
  confirmedUser,
  groupWith,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const nameless = await confirmedUser("");
  const groupId = await groupWith(owner, "Ash Grove", [nameless]);
  await createRequest(baseURL!, nameless, {
    groupId,
    itemDescription: "Oat milk",
  });

  await signedInPage(owner);
  await page.goto("/");
  const card = page.getByTestId("request-card").filter({ hasText: "Oat milk" });
  await expect(card).toContainText(nameless.email);
  await expect(card).not.toContainText("A neighbour");

  await page.goto("/groups");
  await page
    .getByTestId("group-card")
    .filter({ hasText: "Ash Grove" })
    .getByRole("button", { name: "View Members" })
    .click();
  const member = page.locator(".member-list").getByRole("listitem").filter({ hasText: nameless.email });
  await expect(member).toHaveCount(1);
  await expect(member.getByText(nameless.email, { exact: true })).toHaveCount(1);
});
