/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { PSEUDO_LOCALE } from "@hyn/validators/locales";
import type { Browser, Page } from "@playwright/test";
import { pseudoText } from "../packages/i18n/src/pseudo-locale";
import { api, createRequest, expect, screenshot, signInWithCookie, test, type ApiUser } from "./support";

/**
 * Issue 19: German and Spanish run longer than English. In the pseudo-locale (every text 40 % longer,
 * accented: packages/i18n/src/pseudo-locale.ts) at a phone's 390 px, every screen of
 * apps/web/src/app/router.tsx fits: no sideways scroll, no text cut off by its own box (overflow
 * hidden or clip, or an ellipsis), no two texts on top of each other, and no text left in English (a
 * text written in a component instead of the catalogs stays unaccented here).
 */

const WIDTH = 390;
const SHOTS = "test-results/pseudo-locale";

/** What people typed (names, groups, requests) and the product's name: never translated. */
const DATA_TEXTS = [
  "Help Your Neighbor",
  "Olive Owner-Featherstonehaugh",
  "Nico Neighbour",
  "Ivy Invitee",
  "Maple Street and the Houses Around the Corner",
  "A ladder tall enough for the gutters",
  "Birthday candles",
  "Ada Admin",
];

test.describe.configure({ timeout: 60_000 });

/** A button's or heading's name in English or in the pseudo-locale, whichever the screen has yet. */
const named = (english: string) => {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*(${escape(english)}|${escape(pseudoText(english).trim())})\\s*$`);
};

/** A phone-sized page in the pseudo-locale (chosen on the device, as the switcher keeps a choice), signed in as `user`. */
async function pseudoPage(browser: Browser, baseURL: string, user?: ApiUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: WIDTH, height: 844 },
    serviceWorkers: "block",
  });
  await context.addInitScript((locale) => localStorage.setItem("hyn-locale", locale), PSEUDO_LOCALE);
  if (user) await signInWithCookie(context, baseURL, user);
  return context.newPage();
}

/** What does not fit on the page as it is now (runs in the page; `scope` limits it to an open dialog). */
function layoutProblems({ scopeSelector, dataTexts }: { scopeSelector: string | null; dataTexts: string[] }): string[] {
  const problems: string[] = [];
  // At the top, where the sticky top bar covers nothing (it would cover whatever scrolled under it).
  window.scrollTo(0, 0);
  const html = document.documentElement;
  if (html.scrollWidth > window.innerWidth + 1) {
    // Name the innermost elements that reach past the window: where the fix belongs.
    const beyond = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = beyond.filter((el) => !beyond.some((other) => other !== el && el.contains(other))).slice(0, 3);
    const names = innermost.map(
      (el) =>
        `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> "${(el.textContent ?? "").trim().slice(0, 30)}"`,
    );
    problems.push(
      `the page scrolls sideways: ${html.scrollWidth} px wide at ${window.innerWidth}, past the edge: ${names.join(", ")}`,
    );
  }
  const scope = (scopeSelector && document.querySelector(scopeSelector)) || document.body;
  const ownText = (el: Element) =>
    [...el.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? "")
      .join("")
      .trim();
  const describe = (el: Element) =>
    `<${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? ` class="${el.className}"` : ""}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    // Visually hidden texts for screen readers are 1 px boxes, clipped on purpose.
    if (rect.width <= 2 || rect.height <= 2) return false;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (
        s.display === "none" ||
        s.clipPath.startsWith("inset(50%") ||
        s.clip === "rect(0px, 0px, 0px, 0px)" ||
        s.clip === "rect(0px 0px 0px 0px)"
      )
        return false;
    }
    return true;
  };
  const texts = [...scope.querySelectorAll("*")].filter(
    (el) =>
      !["SCRIPT", "STYLE", "TITLE", "OPTION", "NOSCRIPT", "TEMPLATE"].includes(el.tagName) &&
      ownText(el) !== "" &&
      visible(el),
  );
  for (const el of texts) {
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    if (clips && el.scrollWidth > el.clientWidth + 1)
      problems.push(`text cut off (${el.scrollWidth} > ${el.clientWidth} px): ${describe(el)}`);
  }
  // English left: a word of plain letters with none of the pseudo-locale's marks, in what is not data
  // (people's names and words, addresses, paths).
  for (const el of texts) {
    let text = ownText(el);
    for (const data of dataTexts) text = text.split(data).join(" ");
    const english = text
      .split(/\s+/)
      .filter(
        (word) => /[A-Za-z]{2}/.test(word) && !word.includes("~") && !word.includes("@") && !word.startsWith("/"),
      );
    if (english.length > 0) problems.push(`not translated (${english.join(" ")}): ${describe(el)}`);
  }
  // Texts on top of each other: leaves (no text-bearing element inside), line box by line box, within one layer.
  const leaves = texts.filter((el) => !texts.some((other) => other !== el && el.contains(other)));
  const layerOf = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement)
      if (node.tagName === "DIALOG" || ["fixed", "sticky"].includes(getComputedStyle(node).position)) return node;
    return null;
  };
  const boxes = leaves.map((el) => ({
    el,
    layer: layerOf(el),
    rects: [...el.getClientRects()].filter((r) => r.width > 1 && r.height > 1),
  }));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.layer !== b.layer) continue;
      const overlap = a.rects.some((r) =>
        b.rects.some(
          (s) =>
            Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 &&
            Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1,
        ),
      );
      if (overlap) problems.push(`texts overlap: ${describe(a.el)} and ${describe(b.el)}`);
    }
  }
  return problems;
}

async function expectFits(page: Page, what: string, options: { dialog?: boolean; shot?: string } = {}) {
  await expect(page.locator("html")).toHaveAttribute("lang", PSEUDO_LOCALE);
  await expect(page.getByRole("heading", { level: options.dialog ? 2 : 1 }).first()).toBeVisible();
  // The layout's texts are always in the catalogs: the pseudo-locale is really on.
  await expect(page.getByRole("contentinfo")).toContainText(pseudoText("Free,").trim());
  await page.evaluate(() => document.fonts.ready);
  const problems = await page.evaluate(layoutProblems, {
    scopeSelector: options.dialog ? "[role=dialog], dialog[open]" : null,
    dataTexts: DATA_TEXTS,
  });
  if (options.shot) await screenshot(page, `${SHOTS}/${options.shot}.png`, { fullPage: true });
  expect(problems, `${what} at ${WIDTH} px in ${PSEUDO_LOCALE}`).toEqual([]);
}

test("every screen a visitor reaches logged out fits at 390 px with texts 40 % longer", async ({
  browser,
  baseURL,
}) => {
  const page = await pseudoPage(browser, baseURL!);
  for (const [path, shot] of [
    ["/login", "login"],
    ["/signup", "signup"],
    ["/verify-email", ""],
    ["/forgot-password", ""],
    ["/reset-password?token=made-up", ""],
    ["/groups", ""],
    ["/invite", ""],
    ["/join/made-up-token", ""],
    ["/invite/made-up-token", ""],
    ["/unsubscribe/made-up-token", ""],
    ["/feedback", ""],
    ["/about", "about"],
    ["/no-such-page", ""],
  ] as const) {
    await page.goto(path);
    await expectFits(page, path, { shot: shot || undefined });
  }
  await page.context().close();
});

test("every screen of a member with a group, requests and invitations fits at 390 px with texts 40 % longer", async ({
  browser,
  baseURL,
  confirmedUser,
  groupWith,
}) => {
  const [olive, nico, ivy] = await Promise.all([
    confirmedUser("Olive Owner-Featherstonehaugh"),
    confirmedUser("Nico Neighbour"),
    confirmedUser("Ivy Invitee"),
  ]);
  const groupId = await groupWith(olive, "Maple Street and the Houses Around the Corner", [nico]);
  // Still open: Ivy's invitation (on her dashboard and in the owner's sent list).
  const ivyInvite = await api<{ token: string }>(baseURL!, olive.token, "POST", "/invites", {
    groupId,
    email: ivy.email,
  });
  const open = await createRequest(baseURL!, nico, {
    groupId,
    itemDescription: "A ladder tall enough for the gutters",
  });
  const claimed = await createRequest(baseURL!, olive, { groupId, itemDescription: "Birthday candles" });
  await api(baseURL!, nico.token, "POST", `/requests/${claimed.id}/claim`);

  const page = await pseudoPage(browser, baseURL!, olive);
  await page.goto("/");
  await expect(page.getByText("A ladder tall enough for the gutters")).toBeVisible();
  await expectFits(page, "/ (full)", { shot: "dashboard" });

  await page.getByRole("button", { name: named("New Request") }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectFits(page, "the create request modal", { dialog: true, shot: "create-request" });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.goto(`/requests/${open.id}`);
  await expectFits(page, "/requests/:id (open)");
  await page.goto(`/requests/${claimed.id}`);
  await expectFits(page, "/requests/:id (claimed)");

  await page.goto("/groups");
  await expect(page.getByText(ivy.email)).toBeVisible();
  await expectFits(page, "/groups (a group, an invitation sent)", { shot: "groups" });
  await page.getByRole("button", { name: named("Invite Members") }).click();
  await expect(page.locator("form.invite-form")).toBeVisible();
  await expectFits(page, "/groups (the invite form)", { shot: "invite-form" });

  await page.goto("/profile");
  await expectFits(page, "/profile", { shot: "profile" });
  await page.goto("/feedback");
  await expectFits(page, "/feedback (logged in)");
  await page.context().close();

  // The invitee: her dashboard with the invitation, and its join page.
  const ivyPage = await pseudoPage(browser, baseURL!, ivy);
  await ivyPage.goto("/");
  await expect(ivyPage.getByText("Maple Street and the Houses Around the Corner").first()).toBeVisible();
  await expectFits(ivyPage, "/ (an invitation waiting)");
  await ivyPage.goto(`/join/${encodeURIComponent(ivyInvite.token)}`);
  await expectFits(ivyPage, "/join/:token (logged in)");
  await ivyPage.goto("/");
  await ivyPage.context().close();
});

test("the admin page with its charts fits at 390 px with texts 40 % longer", async ({
  browser,
  baseURL,
  confirmedUser,
}) => {
  const admin = await confirmedUser("Ada Admin", "admin-pseudo@example.com");
  const page = await pseudoPage(browser, baseURL!, admin);
  await page.goto("/admin");
  await expect(page.locator(".chart").first()).toBeVisible();
  // Found by this test: with longer month names ("14. Sept.") every other week's label overlapped at phone
  // width; the chart now names every fourth week there.
  await expectFits(page, "/admin", { shot: "admin" });

  await page.context().close();
});
