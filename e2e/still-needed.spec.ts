import {
  api,
  createRequest,
  expect,
  hoursFromNow,
  screenshots,
  test,
  type Mailbox,
  type MailboxEmail,
} from "./support";

/** Issue 26: a give-back close to the needed-by time tells the group; each member can switch it off. */

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

test("a request given back on the day it is needed tells the group, until a member switches that off", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const requester = await confirmedUser("Rhea");
  const helper = await confirmedUser("Hal");
  const member = await confirmedUser("Milo");
  const street = await groupWith(requester, "Oak Court", [helper, member]);
  await api(baseURL!, member.token, "PUT", "/user/email-preferences", { frequency: "immediate" });
  const neededBy = hoursFromNow(5);
  const milk = await createRequest(baseURL!, requester, {
    groupId: street,
    itemDescription: "Two pints of milk",
    neededBy,
  });
  await api(baseURL!, helper.token, "POST", `/requests/${milk.id}/claim`);
  await api(baseURL!, helper.token, "POST", `/requests/${milk.id}/unclaim`);
  const emails = await waitForSubject(mailbox, member.email, /needs a helper again$/);
  const [notice] = emails.filter((e) => /needs a helper again$/.test(e.subject));
  expect(notice!.subject).toBe("Two pints of milk needs a helper again");
  expect(await mailbox.all(helper.email)).not.toContainEqual(
    expect.objectContaining({ subject: "Two pints of milk needs a helper again" }),
  );

  await signedInPage(member);
  await page.goto("/profile#notifications");
  const section = page.getByRole("region", { name: "Notifications" });
  const emailSwitch = section.getByRole("switch", {
    name: "E-mail: A helper gives back a request needed within a day",
  });
  await expect(emailSwitch).toBeChecked();
  // No device of this member takes pushes, so the push switch says it sends nothing (issue 26 §2).
  await expect(
    section.getByRole("switch", { name: "Push: A request in my groups is still needed soon" }),
  ).toBeDisabled();
  await emailSwitch.click();
  await expect(emailSwitch).not.toBeChecked();
  await expect(
    section.getByRole("status").filter({ hasText: "E-mail off: requests given back by their helper" }),
  ).toBeVisible();
  await screenshots(page, "still-needed-switches", { themes: ["light"] });

  // Given back again: this member no longer hears of it.
  await api(baseURL!, helper.token, "POST", `/requests/${milk.id}/claim`);
  await api(baseURL!, helper.token, "POST", `/requests/${milk.id}/unclaim`);
  // The requester's own notice of the second give-back comes from the same transaction: once it is in, so would be the group's.
  await expect
    .poll(async () => (await mailbox.all(requester.email)).filter((e) => /no longer help/.test(e.subject)).length)
    .toBe(2);
  await new Promise((r) => setTimeout(r, 1000));
  const after = (await mailbox.all(member.email)).filter((e) => /needs a helper again$/.test(e.subject));
  expect(after).toHaveLength(1);
});
