import { createRequest, daysFromNow, expect, screenshots, test } from "./support";

/** Issue 41 §1: the weekly summary, chosen in the profile and read from the mailbox. */

test("a neighbour on weekly reads the week's summary from the mailbox", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
  mailbox,
}) => {
  const owner = await confirmedUser("Ada Owner");
  const wes = await confirmedUser("Wes Weekly");
  const groupId = await groupWith(owner, "Birch Lane", [wes]);

  // Wes chooses Weekly in the profile and saves it; it says no weekly summary went yet.
  await signedInPage(wes);
  await page.goto("/profile");
  const weekly = page.getByRole("radio", { name: "Weekly Summary" });
  await expect(weekly).toHaveAccessibleDescription(/One e-mail a week/);
  await weekly.check();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Your email preferences are saved.")).toBeVisible();
  await expect(page.getByText("No weekly summary sent yet.")).toBeVisible();
  await expect(page.getByLabel("Birch Lane")).toHaveValue("profile");
  await expect(page.getByText("In the weekly summary e-mail.")).toBeVisible();
  await screenshots(page, "weekly-summary-profile");

  // Ada posts during the week; then the week's run (the dev trigger stands in for Sunday at DIGEST_HOUR).
  const shears = await createRequest(baseURL!, owner, {
    groupId,
    itemDescription: "Garden shears",
    neededBy: daysFromNow(4),
  });
  const before = (await mailbox.all(wes.email)).length;
  const run = await fetch(`${baseURL}/dev/weekly-summary`, { method: "POST" });
  expect(run.status).toBe(200);

  // The summary arrives: the week in Birch Lane, with the request's own link and the unsubscribe footer.
  const link = await mailbox.waitForLink(wes.email, /\/requests\//, { after: before });
  expect(link).toBe(`${baseURL}/requests/${shears.id}`);
  const [summary] = await mailbox.all(wes.email);
  expect(summary!.subject).toBe("Your week in Help Your Neighbor");
  expect(summary!.text).toContain("In Birch Lane");
  expect(summary!.text).toContain("• Still needed: Garden shears for Ada Owner, by ");
  expect(summary!.links.some((l) => /\/unsubscribe\/[A-Za-z0-9_-]+$/.test(l))).toBe(true);

  // Its link opens the request; the profile now says when the last weekly summary went.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText("Garden shears").first()).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByText(/^Last weekly summary sent /)).toBeVisible();

  // A second run the same week sends nothing more (counting summaries: the invitation's e-mail may land late).
  await fetch(`${baseURL}/dev/weekly-summary`, { method: "POST" });
  await page.waitForTimeout(1_500);
  const summaries = (await mailbox.all(wes.email)).filter((e) => e.subject === "Your week in Help Your Neighbor");
  expect(summaries).toHaveLength(1);
});
