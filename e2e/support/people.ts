import { expect, type BrowserContext, type Page } from "@playwright/test";
import { api, apiAnswer, E2E_PASSWORD, SESSION_COOKIE } from "./api";
import { uniqueEmail, type Mailbox } from "./mailbox";

/**
 * People for specs whose subject is a screen and not how its data came to be: confirmed accounts and
 * groups made through the REST API, browsers signed in with the session cookie, and sign-up through the
 * screens for the specs that are about it.
 */

export interface ApiUser {
  email: string;
  token: string;
}

/**
 * An account signed up and confirmed through the link of its e-mail, with a session token; `name` may be
 * empty. A fixed address (an admin of the e2e server) that an earlier spec of the run signed up is signed in.
 */
export async function createConfirmedUser(
  baseURL: string,
  mailbox: Mailbox,
  name: string,
  email?: string,
): Promise<ApiUser> {
  const address = email ?? uniqueEmail(name ? name.toLowerCase().replace(/\W+/g, "-") : "person");
  const signup = await apiAnswer(baseURL, null, "POST", "/auth/signup", {
    email: address,
    password: E2E_PASSWORD,
    ...(name ? { name } : {}),
  });
  if (signup.status >= 300) {
    if (!email) throw new Error(`POST /auth/signup: ${signup.status} ${JSON.stringify(signup.body)}`);
    const signin = await api<{ session: { token: string } }>(baseURL, null, "POST", "/auth/signin", {
      email,
      password: E2E_PASSWORD,
    });
    // A retry starts from the account as the first try left it: back to English, as a new one is.
    await api(baseURL, signin.session.token, "PUT", "/user/locale", { locale: "en" });
    return { email, token: signin.session.token };
  }
  const link = new URL(await mailbox.waitForLink(address, /type=signup/));
  const verified = await api<{ session: { token: string } }>(baseURL, null, "POST", "/auth/verify-email", {
    token_hash: link.searchParams.get("token_hash"),
  });
  // Asked once (PRODUCT "Asked once"): answered as skipped, so specs about other screens see them as they were.
  await api(baseURL, verified.session.token, "PUT", "/user/notifications-question", { frequency: null });
  return { email: address, token: verified.session.token };
}

/** A group owned by `owner` that `members` joined through their invitations; its id. */
export async function createGroupWith(
  baseURL: string,
  owner: ApiUser,
  name: string,
  members: ApiUser[],
): Promise<string> {
  const group = await api<{ id: string }>(baseURL, owner.token, "POST", "/groups", { name });
  for (const member of members) {
    const invite = await api<{ token: string }>(baseURL, owner.token, "POST", "/invites", {
      groupId: group.id,
      email: member.email,
    });
    await api(baseURL, member.token, "POST", `/invites/${invite.token}/join`);
  }
  return group.id;
}

/** The owner's browser invites `email` to the group; the invitee's browser joins through the link of the e-mail. */
export async function inviteAndJoin(owner: Page, invitee: Page, mailbox: Mailbox, groupId: string, email: string) {
  const invite = await owner.request.post("/api/invites", { data: { groupId, email } });
  expect(invite.status()).toBe(201);
  const link = await mailbox.waitForLink(email, /\/invite\//);
  const token = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
  const join = await invitee.request.post(`/api/invites/${encodeURIComponent(token)}/join`);
  expect(join.ok()).toBe(true);
}

/** The browser of `page` (or a context) signed in as `user` (the session cookie the login page would have set). */
export async function signInWithCookie(target: Page | BrowserContext, baseURL: string, user: ApiUser): Promise<void> {
  const context = "context" in target ? target.context() : target;
  await context.addCookies([{ name: SESSION_COOKIE, value: user.token, url: baseURL }]);
}

/** Collects a page's console errors the app did not expect (HTTP 4xx answers are expected and shown). */
export function watchConsole(page: Page, errors: string[] = []): string[] {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Signs up through the screens, confirms through the e-mailed link, and lands signed in. */
export async function signUpAndConfirm(
  page: Page,
  mailbox: Mailbox,
  options: { email?: string; password?: string; name?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? E2E_PASSWORD;
  await page.goto("/signup");
  if (options.name) await page.getByLabel("Name (optional)").fill(options.name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  const link = await mailbox.waitForLink(email, /type=signup/);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // Signed in shows before the confirmation page has moved on (the next screen loads first): a click
  // made now would be overtaken by that move, so wait for it.
  await expect(page).not.toHaveURL(/\/auth\/callback/);
  return { email, password };
}
