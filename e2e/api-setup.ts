import type { Page } from "@playwright/test";
import { uniqueEmail, type Mailbox } from "./fixtures";

/**
 * Set-up through the REST API, for specs whose subject is a screen and not how its data came to be:
 * confirmed accounts, groups joined through invitations, a signed-in browser.
 */

export const E2E_PASSWORD = "neighbourly-secret-42";

export interface ApiUser {
  email: string;
  token: string;
}

/** REST with a bearer token; a refusal fails the test with its status and answer. */
export async function api<T = unknown>(baseURL: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : null,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An account signed up and confirmed through the link of its e-mail, with a session token. */
export async function confirmedUser(baseURL: string, mailbox: Mailbox, name: string, email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"))): Promise<ApiUser> {
  await api(baseURL, null, "POST", "/auth/signup", { email, password: E2E_PASSWORD, name });
  const link = new URL(await mailbox.waitForLink(email, /type=signup/));
  const verified = await api<{ session: { token: string } }>(baseURL, null, "POST", "/auth/verify-email", { token_hash: link.searchParams.get("token_hash") });
  return { email, token: verified.session.token };
}

/** A group owned by `owner` that `members` joined through their invitations; its id. */
export async function groupWith(baseURL: string, owner: ApiUser, name: string, members: ApiUser[]): Promise<string> {
  const group = await api<{ id: string }>(baseURL, owner.token, "POST", "/groups", { name });
  for (const member of members) {
    const invite = await api<{ token: string }>(baseURL, owner.token, "POST", "/invites", { groupId: group.id, email: member.email });
    await api(baseURL, member.token, "POST", `/invites/${invite.token}/join`);
  }
  return group.id;
}

/** The page's browser signed in as `user` (the session cookie the web app uses). */
export async function signIn(page: Page, baseURL: string, user: ApiUser): Promise<void> {
  await page.context().addCookies([{ name: "hyn_session", value: user.token, url: baseURL }]);
}
