import { api, createRequest, expect, localDateTime, test, toast } from "./support";
import { checkScreen, expectAccessible } from "./support/accessibility";

/** Issue 19: the screens of a member, empty and full, with their modals and toasts (support/accessibility.ts). */

// Four axe runs, a reflow and a text-size check per screen: a sweep takes minutes on a busy machine.
test.describe.configure({ timeout: 300_000 });

test("a member's screens before and after their first request, the join page and the create-request modal pass axe in both themes", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  secondPerson,
}) => {
  const olive = await confirmedUser("Olive Owner");
  await signedInPage(olive);

  await page.goto("/");
  await checkScreen(page, "/", "empty");
  await page.goto("/groups");
  await checkScreen(page, "/groups", "no group yet");

  const groupId = (await api<{ id: string }>(baseURL!, olive.token, "POST", "/groups", { name: "Maple Street" })).id;
  const nico = await confirmedUser("Nico Neighbour");
  const invite = await api<{ token: string }>(baseURL!, olive.token, "POST", "/invites", {
    groupId,
    email: nico.email,
  });

  // The invitee's join page, logged in.
  const { context: nicoContext, page: nicoPage } = await secondPerson({ user: nico, watch: false });
  await nicoPage.goto(`/join/${encodeURIComponent(invite.token)}`);
  await checkScreen(nicoPage, "/join/:token", "logged in");
  await api(baseURL!, nico.token, "POST", `/invites/${invite.token}/join`);
  await createRequest(baseURL!, nico, {
    groupId,
    itemDescription: "Birthday candles",
  });
  await nicoContext.close();

  await page.goto("/");
  const newRequest = page.getByRole("button", { name: "New Request" });
  await newRequest.click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await expect(dialog.getByLabel("Item description")).toBeFocused();
  await expectAccessible(page, "the create request modal");
  // Repeating (issue 28 §2): the Repeat choice open, with its hint and Until day, is checked with the errors.
  await dialog.getByLabel("Repeat").selectOption({ label: "Every week" });
  await expect(dialog.getByLabel("Until (optional)")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog.locator(".field-error, .alert-error").first()).toBeVisible();
  await expectAccessible(page, "the create request modal, repeating, with errors shown");
  await dialog.getByLabel("Item description").fill("Two litres of oat milk");
  await dialog.getByLabel("Needed by").fill(await localDateTime(page, 3));
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, /oat milk/i)).toBeVisible();
  await checkScreen(page, "/", "full, with a toast");
});

test("a request's page with its dialogs, a claimed request with its contact, and the groups, profile and feedback pages pass axe in both themes", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const olive = await confirmedUser("Olive Owner");
  const nico = await confirmedUser("Nico Neighbour");
  const groupId = await groupWith(olive, "Maple Street", [nico]);
  const candles = await createRequest(baseURL!, nico, {
    groupId,
    itemDescription: "Birthday candles",
  });
  await signedInPage(olive);

  const paperTowels = await createRequest(baseURL!, olive, {
    groupId,
    itemDescription: "Paper towels",
    // A repeating request's page: "Repeats", "Skip next", "Stop repeating" and "Edit repeating request".
    repeat: { every: "week" },
  });
  await page.goto(`/requests/${paperTowels.id}`);
  await checkScreen(page, "/requests/:id");
  // Its requester's "Edit repeating request" (issue 28 §2), loaded when opened.
  await page.getByRole("button", { name: "Edit repeating request" }).click();
  const editSeries = page.getByRole("dialog", { name: "Edit repeating request" });
  await expect(editSeries.getByLabel("Item description")).toHaveValue("Paper towels");
  await expectAccessible(page, "the edit repeating request dialog");
  await page.keyboard.press("Escape");
  await expect(editSeries).toBeHidden();
  const remove = page.getByRole("button", { name: "Delete" });
  await remove.click();
  await expect(page.getByRole("dialog", { name: "Delete Request" })).toBeVisible();
  await expectAccessible(page, "the delete confirmation");
  await page.getByRole("dialog", { name: "Delete Request" }).getByRole("button", { name: "Keep Request" }).click();
  // Focus goes back to the button that opened the modal.
  await expect(remove).toBeFocused();

  // A claimed request's page, with the other person's contact (issue 30).
  await api(baseURL!, olive.token, "POST", `/requests/${candles.id}/claim`);
  await page.goto(`/requests/${candles.id}`);
  await expect(page.getByRole("region", { name: "How to reach Nico Neighbour" })).toBeVisible();
  await expectAccessible(page, "a claimed request's page with the requester's contact");

  await page.goto("/groups");
  await checkScreen(page, "/groups", "one group");
  await page.goto("/profile");
  await checkScreen(page, "/profile");
  await page.goto("/feedback");
  await checkScreen(page, "/feedback", "logged in");
});
