import { messages } from "@hyn/validators/messages";
import { api, apiAnswer, expect, groupCard, screenshot, test, toast, uniqueEmail } from "./support";

test("an e-mail invitation opened by another account says whom it is for, and joining with it is refused", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const other = await confirmedUser("Otto Other");
  const invited = uniqueEmail("invited");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Linden Row" });
  const invite = await api<{ token: string }>(baseURL!, owner.token, "POST", "/invites", {
    groupId: group.id,
    email: invited,
  });

  await signedInPage(other);
  await page.goto(`/invite/${invite.token}`);
  await expect(page.getByRole("heading", { name: messages.invitationNotForYou })).toBeVisible();
  await expect(page.getByText(`This invitation was sent to ${invited}.`)).toBeVisible();
  await expect(page.getByText("Linden Row")).toBeVisible();
  await expect(page.getByRole("button", { name: "Join Group" })).toHaveCount(0);

  // The server refuses it too, and the invitation stays pending for its address.
  const refused = await apiAnswer(baseURL!, other.token, "POST", `/invites/${invite.token}/join`);
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({ error: messages.invitationNotForYou });
  const sent = await api<{ email: string; outcome: string }[]>(baseURL!, owner.token, "GET", "/invitations/outgoing");
  expect(sent.map(({ email, outcome }) => ({ email, outcome }))).toEqual([{ email: invited, outcome: "pending" }]);

  // "Log In as <the invited address>" signs out and asks for the invited address's password, coming back here after.
  await page.getByRole("button", { name: /^Log In as / }).click();
  await expect(page).toHaveURL(
    `/login?email=${encodeURIComponent(invited)}&redirect=${encodeURIComponent(`/invite/${invite.token}`)}`,
  );
  await expect(page.getByLabel("Email")).toHaveValue(invited);
});

test("an owner invites three addresses at once; each is answered on its own and the form stays open", async ({
  page,
  confirmedUser,
  groupWith,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const member = await confirmedUser("Mo Member");
  await groupWith(owner, "Aspen Yard", [member]);
  const [first, second] = [uniqueEmail("first"), uniqueEmail("second")];

  await signedInPage(owner);
  await page.goto("/groups");
  const card = groupCard(page, "Aspen Yard");
  await card.getByRole("button", { name: "Invite Members" }).click();
  await card.getByLabel("Email address").fill(`${first}, ${member.email.toUpperCase()}\n${second}`);
  await card.getByRole("button", { name: "Create Invite" }).click();
  await expect(toast(page, "2 invitations sent")).toBeVisible();

  const results = card.getByRole("list", { name: "What happened to each address" });
  await expect(results.getByRole("listitem")).toHaveText([
    `Invitation sent to ${first}`,
    `${member.email}: ${messages.userAlreadyMember}`,
    `Invitation sent to ${second}`,
  ]);
  // What was refused stays, to correct; the form stays open for more.
  await expect(card.getByLabel("Email address")).toHaveValue(member.email);
  await expect(card.getByText("2/10 invitations sent")).toBeVisible();
  const sentPanel = page.getByRole("region", { name: "Invitations You've Sent" });
  // The two new ones, and the member's, accepted, kept for 7 days.
  await expect(sentPanel.getByRole("listitem")).toHaveCount(3);
  await expect(sentPanel.getByText("Accepted by Mo Member")).toBeVisible();
  await expect(sentPanel.getByText(first)).toBeVisible();
  await expect(sentPanel.getByText(second)).toBeVisible();
  await screenshot(page, test.info().outputPath("invite-three.png"), { fullPage: true });
});

test("a newcomer's dashboard leads with the next step: an invitation first, else create a group or open a link", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const newcomer = await confirmedUser("Nia Newcomer");
  await signedInPage(newcomer);
  await page.goto("/");

  const start = page.getByRole("region", { name: "Your first step" });
  await expect(start.getByRole("heading", { name: "Create a group for your street" })).toBeVisible();
  await expect(start.getByRole("heading", { name: "Got a link from a neighbour? Open it" })).toBeVisible();
  // The limits stay, compact and below the next step.
  const usage = page.getByRole("region", { name: "Your Usage Limits" });
  await expect(usage).toBeVisible();
  const [startBox, usageBox] = [await start.boundingBox(), await usage.boundingBox()];
  expect(startBox!.y + startBox!.height).toBeLessThanOrEqual(usageBox!.y);
  await expect(page.getByRole("heading", { name: "Requests you can help with" })).toHaveCount(0);
  await screenshot(page, test.info().outputPath("newcomer-start.png"), { fullPage: true });

  // A pasted link that is not the app's is refused by the field; the app's own opens.
  await start.getByLabel("Paste the link").fill("https://example.com/invite/abc");
  await start.getByRole("button", { name: "Open" }).click();
  await expect(start.getByText("That is not a Help Your Neighbor link.", { exact: false })).toBeVisible();
  await start.getByLabel("Paste the link").fill(`${baseURL}/join/made-up-token`);
  await start.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL("/join/made-up-token");
  await expect(page.getByText("This invitation link is invalid or has expired.")).toBeVisible();

  // "Create a group" opens the form on the Groups page.
  await page.goto("/");
  await start.getByRole("link", { name: "Create a group" }).click();
  await expect(page.getByLabel("Group Name")).toBeFocused();

  // With an invitation waiting, it comes first, in place of the other steps.
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Cedar Close" });
  await api(baseURL!, owner.token, "POST", "/invites", { groupId: group.id, email: newcomer.email });
  await page.goto("/");
  const pending = page.getByRole("region", { name: "Pending Group Invitations" });
  await expect(pending.getByRole("listitem", { name: "Invitation to Cedar Close" })).toBeVisible();
  await expect(start).toHaveCount(0);
  await pending.getByRole("button", { name: "Accept" }).click();
  await expect(toast(page, "Successfully joined Cedar Close!")).toBeVisible();
  await expect(page.getByTestId("dashboard-group")).toContainText("Cedar Close");
  await expect(start).toHaveCount(0);
});

test("a group's description, set by its owner, shows on its card and its join page", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  secondPerson,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const neighbour = await confirmedUser("Nico Neighbour");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Birch Walk" });
  await signedInPage(owner);
  await page.goto("/groups");
  const card = groupCard(page, "Birch Walk");
  await card.getByRole("button", { name: "Add a description" }).click();
  await card.getByLabel("Description").fill("Numbers 1 to 30 and the <b>corner</b> shop");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Description saved")).toBeVisible();
  await expect(card.getByText("Numbers 1 to 30 and the corner shop")).toBeVisible();
  await expect(card.getByRole("button", { name: "Edit description" })).toBeFocused();

  const invite = await api<{ token: string }>(baseURL!, owner.token, "POST", "/invites", {
    groupId: group.id,
    email: neighbour.email,
  });
  const { page: neighbourPage } = await secondPerson({ user: neighbour });
  await neighbourPage.goto(`/join/${invite.token}`);
  await expect(neighbourPage.getByText("Numbers 1 to 30 and the corner shop")).toBeVisible();
  await neighbourPage.getByRole("button", { name: "Join Group" }).click();
  await expect(neighbourPage.getByRole("heading", { name: "Welcome to Birch Walk!" })).toBeVisible();
});
