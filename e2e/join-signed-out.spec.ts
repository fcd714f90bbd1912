import { api, E2E_PASSWORD, expect, groupCard, screenshots, test, uniqueEmail } from "./support";
import { checkScreen } from "./support/accessibility";

/**
 * Issue 43: a link opened signed out. The spec's "Join a Group" names the group and who invited, offers Log In
 * and Sign Up (both coming back to the link), and says before anyone signs up when a link can no longer be used.
 * An e-mail invitation's link proves its address: signing up from it sends no second e-mail.
 */
const INVITE_LINK = /\/invite\/[a-z2-7]{32}$/;

test("a stranger opening an invitation link sees the group and who invited, and signs up without a second e-mail", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Maple Street" });
  const invited = uniqueEmail("nia");
  await api(baseURL!, owner.token, "POST", "/invites", { groupId: group.id, email: invited });
  const link = await mailbox.waitForLink(invited, INVITE_LINK);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Join a Group" })).toBeVisible();
  await expect(page.getByText("You have been invited to join")).toBeVisible();
  await expect(page.getByText("Maple Street")).toBeVisible();
  await expect(page.getByText("Invited by Olive Owner")).toBeVisible();
  await expect(page.getByText(`This invitation is for ${invited}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  await checkScreen(page, "/invite/:token", "signed out");
  await screenshots(page, "join-signed-out-invitation");

  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup\?/);
  await expect(page.getByLabel("Email")).toHaveValue(invited);
  await page.getByLabel("Name (optional)").fill("Nia Neighbour");
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();

  // Straight back to the invitation, signed in: no "check your e-mail", no confirmation e-mail.
  const invitePath = new URL(link).pathname;
  await expect(page).toHaveURL(invitePath);
  await page.getByRole("button", { name: "Join Group" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Maple Street!" })).toBeVisible();
  const emails = await mailbox.all(invited);
  expect(emails.flatMap((e) => e.links).filter((l) => /type=signup/.test(l))).toEqual([]);
});

test("an account holder opening a group link logs in and returns to join", async ({ page, baseURL, confirmedUser }) => {
  const owner = await confirmedUser("Olive Owner");
  const neighbour = await confirmedUser("Ned Neighbour");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Birch Walk" });
  const { url } = await api<{ url: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {});

  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Join a Group" })).toBeVisible();
  await expect(page.getByText("Birch Walk")).toBeVisible();
  await expect(page.getByText("Invited by Olive Owner")).toBeVisible();
  // A link is for anyone: no address is named or filled in.
  await expect(page.getByText("This invitation is for")).toHaveCount(0);
  await screenshots(page, "join-signed-out-link");

  await page.getByRole("button", { name: "Log In" }).click();
  const linkPath = new URL(url).pathname;
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(linkPath)}`);
  await page.getByLabel("Email").fill(neighbour.email);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(linkPath);
  await page.getByRole("button", { name: "Join Group" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Birch Walk!" })).toBeVisible();
  await page.getByRole("link", { name: "View your groups" }).click();
  await expect(groupCard(page, "Birch Walk").getByText("2 members")).toBeVisible();
});

test("a revoked link says so before anyone signs up", async ({ page, baseURL, confirmedUser }) => {
  const owner = await confirmedUser("Olive Owner");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Cedar Close" });
  const link = await api<{ id: string; url: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {});
  await api(baseURL!, owner.token, "DELETE", `/groups/${group.id}/links/${link.id}`);

  await page.goto(link.url);
  await expect(page.getByRole("heading", { name: "Join a Group" })).toBeVisible();
  await expect(page.getByText("The group's owner has turned this link off. Ask them for a new one.")).toBeVisible();
  // Nothing to sign up for, and nothing about the group.
  await expect(page.getByRole("button", { name: "Sign Up" })).toHaveCount(0);
  await expect(page.getByText("Cedar Close")).toHaveCount(0);
  await checkScreen(page, "/join/:token", "signed out, revoked");
  await screenshots(page, "join-signed-out-revoked");
  await page.getByRole("button", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/login/);
});
