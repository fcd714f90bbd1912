import type { Locator, Page } from "@playwright/test";
import { daysFromNow, expect, test, uniqueEmail, type Mailbox, E2E_PASSWORD } from "./support";

/**
 * Issue 19: the core loop with the keyboard alone. Accounts are made through the API (set-up, not under
 * test); every step in the browser is Tab, Shift+Tab, typing, Enter or Space, and every stop of the
 * focus on the way is visibly marked.
 */

async function confirmedAccount(baseURL: string, mailbox: Mailbox, name: string) {
  const email = uniqueEmail("keys");
  const signup = await fetch(`${baseURL}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: E2E_PASSWORD, name }),
  });
  expect(signup.status).toBeLessThan(300);
  const link = new URL(await mailbox.waitForLink(email, /type=signup/));
  const verify = await fetch(`${baseURL}/api/auth/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token_hash: link.searchParams.get("token_hash") }),
  });
  expect(verify.status).toBeLessThan(300);
  return email;
}

/** The focused element shows a focus ring: an outline or the --focus box shadow (styles.css). */
async function expectVisibleFocus(page: Page) {
  const focused = () =>
    page.locator("html").evaluate((html) => {
      const doc = html.ownerDocument;
      const el = doc.activeElement;
      if (!el || el === doc.body) return null;
      const style = doc.defaultView!.getComputedStyle(el);
      return {
        tag: `${el.tagName.toLowerCase()}#${el.id}`,
        text: (el.textContent ?? "").trim().slice(0, 40),
        marked: style.boxShadow !== "none" || (style.outlineStyle !== "none" && style.outlineWidth !== "0px"),
      };
    });
  // Polled: focus may pass through a re-render (a button replaced, then the card focused) on its way.
  await expect
    .poll(async () => {
      const focus = await focused();
      if (!focus) return "focus lost to the page";
      return focus.marked ? "visible" : `no focus ring on ${focus.tag} "${focus.text}"`;
    })
    .toBe("visible");
}

/** Presses Tab until `target` has focus, checking the ring at every stop. */
async function tabTo(page: Page, target: Locator, maxStops = 60) {
  await expect(target).toBeVisible();
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function signInWithKeys(page: Page, email: string) {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(E2E_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** The needed-by field, typed as the English page writes dates: day first, 24 hours (issue 43; ADR 0028). */
async function typeDateTime(page: Page, date: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  // Tab selects what the field holds, so typing replaces it.
  await page.keyboard.type(
    `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`,
  );
}

test("a neighbour signs in, posts a request, a second claims and fulfils it, and one invites the other, all with the keyboard", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const oliveEmail = await confirmedAccount(baseURL!, mailbox, "Olive Owner");
  const nicoEmail = await confirmedAccount(baseURL!, mailbox, "Nico Neighbour");

  // Olive signs in and creates a group.
  await signInWithKeys(page, oliveEmail);
  await page.goto("/groups");
  await tabTo(page, page.getByRole("button", { name: "Create New Group" }));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Group Name")).toBeFocused();
  await page.keyboard.type("Maple Street");
  await page.keyboard.press("Enter");
  const card = page
    .getByTestId("group-card")
    .filter({ has: page.getByRole("heading", { name: "Maple Street", exact: true }) });
  await expect(card).toBeVisible();
  await expectVisibleFocus(page);

  // Olive invites Nico: a group just created opens on inviting, with focus in the addresses field (issue 27).
  await expect(card.getByLabel("Email address")).toBeFocused();
  await page.keyboard.type(nicoEmail);
  await page.keyboard.press("Enter");
  // Sent: the field is cleared and the form stays open for more.
  await expect(card.getByLabel("Email address")).toHaveValue("");
  await expectVisibleFocus(page);

  // Nico signs in and accepts through the e-mailed link.
  const context = await browser.newContext({ baseURL });
  const nico = await context.newPage();
  await signInWithKeys(nico, nicoEmail);
  await nico.goto(await mailbox.waitForLink(nicoEmail, /\/invite\//));
  const join = nico.getByRole("button", { name: "Join Group" });
  await expect(join).toBeVisible();
  await tabTo(nico, join);
  await nico.keyboard.press("Enter");
  await expect(nico.getByRole("heading", { name: "Welcome to Maple Street!" })).toBeVisible();
  await expectVisibleFocus(nico);

  // Olive posts a request.
  await page.goto("/");
  const newRequest = page.getByRole("button", { name: "New Request" });
  await tabTo(page, newRequest);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await expect(dialog.getByLabel("Item description")).toBeFocused();
  await page.keyboard.type("Two litres of oat milk");
  await tabTo(page, dialog.getByLabel("Needed by"));
  await typeDateTime(page, new Date(daysFromNow(2)));
  await tabTo(page, dialog.getByRole("button", { name: "Create Request" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "oat milk" })).toBeVisible();
  // The modal closed and a toast appeared: focus is back on the button that opened it.
  await expect(newRequest).toBeFocused();
  await expectVisibleFocus(page);

  // Nico claims it, then marks it fulfilled.
  await nico.goto("/");
  const offered = nico.getByTestId("request-card").filter({ hasText: "Two litres of oat milk" });
  await tabTo(nico, offered.getByRole("button", { name: "I can help" }));
  await nico.keyboard.press("Enter");
  await expect(nico.getByTestId("toast").filter({ hasText: "You are now helping" })).toBeVisible();
  await expectVisibleFocus(nico);
  const fulfil = offered.getByRole("button", { name: "Mark fulfilled" });
  await expect(fulfil).toBeVisible();
  await tabTo(nico, fulfil);
  await nico.keyboard.press("Enter");
  await expect(nico.getByTestId("toast").filter({ hasText: "is marked fulfilled" })).toBeVisible();
  await expectVisibleFocus(nico);
  await context.close();
});
