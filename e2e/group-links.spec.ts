import AxeBuilder from "@axe-core/playwright";
import { messages } from "@hyn/validators/messages";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import {
  api,
  E2E_PASSWORD,
  expect,
  groupCard,
  test,
  toast,
  uniqueEmail,
  watchConsole,
  untilTransitionsEnd,
} from "./support";

/** Issue 27 §1: the group link, its QR code, joining through it on a phone, and approval. */
const JOIN_LINK = /^http:\/\/localhost:\d+\/join\/[a-z2-7]{32}$/;

test("an owner makes a link whose QR code decodes back to it, and a new neighbour signs up through it on a 390 px phone and lands in the group", async ({
  page,
  browser,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  await api(baseURL!, owner.token, "POST", "/groups", { name: "Maple Street" });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await (await signedInPage(owner)).goto("/groups");
  const card = groupCard(page, "Maple Street");
  await card.getByRole("button", { name: "Share a link" }).click();
  await expect(card.getByText("No live links yet.")).toBeVisible();
  await expect(card.getByLabel("Expires after")).toHaveValue("7");
  await card.getByLabel("Expires after").selectOption("30");
  await card.getByRole("button", { name: "Create link" }).click();
  await expect(toast(page, "Link created")).toBeVisible();

  const item = card.getByTestId("group-link");
  await expect(item.getByText("Joins at once")).toBeVisible();
  const url = await item.getByRole("textbox", { name: "Link" }).inputValue();
  expect(url).toMatch(JOIN_LINK);
  await item.getByRole("button", { name: "Copy" }).click();
  await expect(toast(page, "Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The QR code on the page, as a camera would see it, reads back as the link.
  const qr = item.getByRole("img", { name: "QR code for the link to Maple Street" });
  await expect(qr.locator("svg")).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(url);

  // A new neighbour, on a phone, opens the link while logged out and signs up on the way.
  const phoneContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  const phoneErrors = watchConsole(phone);
  await phone.goto(url);
  await expect(phone.getByRole("heading", { name: "Join a Group" })).toBeVisible();
  await expect(phone.getByText("Invited by Olive Owner")).toBeVisible();
  await phone.getByRole("button", { name: "Sign Up" }).click();
  const email = uniqueEmail("phone");
  await phone.getByLabel("Name (optional)").fill("Pia Phone");
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await phone.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await phone.getByRole("button", { name: "Sign Up" }).click();
  // A link proves no address: it is confirmed by e-mail, as any sign-up.
  await expect(phone).toHaveURL(/\/verify-email$/);
  await phone.goto(await mailbox.waitForLink(email, /type=signup/));

  await expect(phone).toHaveURL(new URL(url).pathname);
  await expect(phone.getByText("Maple Street")).toBeVisible();
  await expect(phone.getByText("Invited by Olive Owner")).toBeVisible();
  await expect(phone.getByText("1 member so far")).toBeVisible();
  await phone.getByRole("button", { name: "Join Group" }).click();
  await expect(phone.getByRole("heading", { name: "Welcome to Maple Street!" })).toBeVisible();
  await phone.getByRole("link", { name: "View your groups" }).click();
  await expect(groupCard(phone, "Maple Street").getByText("2 members")).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(phoneErrors).toEqual([]);
  await phoneContext.close();

  // Revoked, the link stops working.
  await card.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "Link revoked")).toBeVisible();
  await expect(card.getByText("No live links yet.")).toBeVisible();
  const late = await confirmedUser("Late Comer");
  const refused = await fetch(`${baseURL}/api/invites/${url.split("/").pop()}/join`, {
    method: "POST",
    headers: { authorization: `Bearer ${late.token}` },
  });
  expect([refused.status, await refused.json()]).toEqual([404, { error: messages.groupLinkInvalid }]);
});

test("with approval on, a neighbour asks to join; the owner approves one and declines another, and each is told", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  secondPerson,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const bo = await confirmedUser("Bo Park");
  const cy = await confirmedUser("Cy Reyes");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  const link = await api<{ url: string; token: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {
    approval: true,
  });

  const { page: boPage } = await secondPerson({ user: bo });
  await boPage.goto(link.url);
  await expect(boPage.getByText("Olive Owner approves each new member.")).toBeVisible();
  await boPage.getByRole("button", { name: "Ask to join" }).click();
  await expect(boPage.getByText("Asked to join: Olive Owner will let you in")).toBeVisible();
  const asked = await fetch(`${baseURL}/api/invites/${link.token}/join`, {
    method: "POST",
    headers: { authorization: `Bearer ${cy.token}` },
  });
  expect([asked.status, await asked.json()]).toEqual([202, { pending: true }]);

  await (await signedInPage(owner)).goto("/groups");
  const card = groupCard(page, "Elm Court");
  const requests = card.getByRole("region", { name: "Asking to join Elm Court" });
  await expect(requests.getByTestId("join-request")).toHaveCount(2);
  await requests.getByRole("button", { name: "Approve Bo Park" }).click();
  await expect(toast(page, "Bo Park is now a member")).toBeVisible();
  await expect(card.getByText("2 members")).toBeVisible();
  await requests.getByRole("button", { name: "Decline Cy Reyes" }).click();
  await expect(toast(page, "Declined Cy Reyes")).toBeVisible();
  await expect(card.getByRole("region", { name: "Asking to join Elm Court" })).toHaveCount(0);

  await boPage.goto("/groups");
  await expect(groupCard(boPage, "Elm Court").getByText("Member", { exact: true })).toBeVisible();
  const cyGroups = await api<{ id: string }[]>(baseURL!, cy.token, "GET", "/groups");
  expect(cyGroups.map((g) => g.id)).not.toContain(group.id);

  await expect
    .poll(async () => (await mailbox.all(bo.email)).map((m) => m.subject))
    .toContain('You are in "Elm Court"');
  await expect
    .poll(async () => (await mailbox.all(cy.email)).map((m) => m.subject))
    .toContain('Your request to join "Elm Court"');
  await expect
    .poll(async () => (await mailbox.all(owner.email)).map((m) => m.subject))
    .toContain('Bo Park asked to join "Elm Court"');
});

test("the links panel with its QR codes and the join requests pass axe in light and dark, at 1280 and 390 px", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const bo = await confirmedUser("Bo Park");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Elm Court" });
  const link = await api<{ token: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {
    approval: true,
  });
  await api(baseURL!, bo.token, "POST", `/invites/${link.token}/join`);
  await (await signedInPage(owner)).goto("/groups");
  const card = groupCard(page, "Elm Court");
  await card.getByRole("button", { name: "Share a link" }).click();
  await expect(card.getByTestId("group-link").locator("svg")).toBeVisible();
  await expect(card.getByTestId("join-request")).toHaveCount(1);
  for (const colorScheme of ["light", "dark"] as const)
    for (const width of [1280, 390]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await untilTransitionsEnd(page);
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        `${colorScheme}, ${width} px`,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
});

test("Print puts one link's QR code, its group's name and its address on one A4 page, not two", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Birch Lane" });
  // A second group and two links make the page taller than a sheet of paper, as a real owner's is.
  await api(baseURL!, owner.token, "POST", "/groups", { name: "Cedar Row" });
  await api(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {});
  const link = await api<{ url: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {});
  await (await signedInPage(owner)).goto("/groups");
  const card = groupCard(page, "Birch Lane");
  await card.getByRole("button", { name: "Share a link" }).click();
  const item = card.getByTestId("group-link").filter({ has: page.locator(`input[value="${link.url}"]`) });
  await expect(item.getByTestId("group-link-qr").locator("svg")).toBeVisible();

  // The browser's print dialog is not there in a test: the page is printed as it is at that moment, to a PDF.
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await item.getByRole("button", { name: "Print" }).click();
  await page.emulateMedia({ media: "print" });
  const sheet = page.getByTestId("group-link-print-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("Birch Lane");
  await expect(sheet).toContainText(link.url);
  await expect(card).toBeHidden();
  const png = PNG.sync.read(await sheet.locator("svg").screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link.url);

  // Printed (a PDF ends the print, as the dialog's closing does): one A4 page.
  const pdf = await page.pdf({ format: "A4" });
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages).toHaveLength(1);
});
