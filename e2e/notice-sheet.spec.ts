import { readFile } from "node:fs/promises";
import { readPdf } from "@hyn/api/testing/pdf";
import { api, expect, groupCard, hoursFromNow, screenshot, test, uniqueEmail } from "./support";

test("a member prints the group's notice-board sheet", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}, testInfo) => {
  const ana = await confirmedUser("Ana García");
  const zoe = await confirmedUser("Zoë Brown", uniqueEmail("zoe"));
  const lukasz = await confirmedUser("Łukasz Nowak", uniqueEmail("lukasz"));
  await api(baseURL!, ana.token, "PUT", "/user/profile", { name: "Ana García", phone: "+34 600 123 456" });
  const groupName = `Müller Lane ${Date.now().toString(36)}`;
  const groupId = await groupWith(ana, groupName, [zoe, lukasz]);
  await api(baseURL!, zoe.token, "POST", "/requests", {
    groupId,
    itemDescription: "A loaf of rye bread",
    neededBy: hoursFromNow(30),
  });
  await api(baseURL!, lukasz.token, "POST", "/trips", {
    groupIds: [groupId],
    store: "Lidl",
    departsAt: hoursFromNow(50),
  });
  const { url } = await api<{ url: string }>(baseURL!, ana.token, "POST", `/groups/${groupId}/links`, {
    expiresInDays: 30,
  });

  await signedInPage(lukasz);
  await page.goto("/groups");
  const card = groupCard(page, groupName);

  // The PDF, downloaded from the card and read back.
  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${groupName}.pdf`);
  const file = await readPdf(await readFile((await download.path())!));
  expect(file.pages).toBe(1);
  expect(file.text).toContain(groupName);
  expect(file.text).toMatch(/A loaf of rye bread, for Zoë, by /);
  expect(file.text).toMatch(/Łukasz goes to Lidl on /);
  expect(file.text).toContain("Scan to join, or ask Ana (+34 600 123 456)");
  expect(file.text).toContain(url);

  // "Print sheet": the sheet alone, black on white, on one page of A4 and of Letter. The browser's print
  // dialog is not opened under test (print() stubbed); the sheet stays until printing ends (afterprint,
  // which page.pdf() fires too: so one click per print, as a person makes).
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute("data-printed", "");
  });
  const sheet = page.getByTestId("notice-sheet");
  async function printSheet() {
    await card.getByRole("button", { name: "Print sheet" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-printed", "");
    await expect(sheet.locator(".notice-sheet-qr svg")).toBeAttached();
    await page.evaluate(() => document.documentElement.removeAttribute("data-printed"));
  }
  for (const format of ["A4", "Letter"] as const) {
    await printSheet();
    const printed = await readPdf(
      await page.pdf({
        format,
        printBackground: true,
        // A browser's default margins, about 10 mm, as when someone prints from its dialog.
        margin: { top: "10mm", right: "10mm", bottom: "10mm", left: "10mm" },
      }),
    );
    expect(printed.pages, format).toBe(1);
    expect(printed.text).toContain(groupName);
    expect(printed.text).toContain("Needed this week");
    expect(printed.text).toMatch(/A loaf of rye bread, for Zoë, by /);
    expect(printed.text).toContain("Trips coming up");
    expect(printed.text).toContain("Scan to join, or ask Ana (+34 600 123 456)");
    // None of the app's own screen.
    expect(printed.text).not.toContain("Create New Group");
  }
  await printSheet();
  await page.emulateMedia({ media: "print" });
  await screenshot(page, testInfo.outputPath("notice-sheet-print.png"), { fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await expect(sheet).toBeHidden();

  // The card with its buttons, at 1280 and 390 px.
  await screenshot(card, testInfo.outputPath("group-card-1280.png"));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(card, testInfo.outputPath("group-card-390.png"));
});
