import { api, expect, screenshots, test } from "./support";

/** Issue 43 §3: who sees a member's e-mail address, said where one joins by an open link and chosen on the profile. */
test("a neighbour joining by an open link is told members will see their address, hides it on the profile, and then only the owner gets it", async ({
  baseURL,
  confirmedUser,
  secondPerson,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const bo = await confirmedUser("Bo Park");
  const cy = await confirmedUser("Cy Reyes");
  const group = await api<{ id: string }>(baseURL!, owner.token, "POST", "/groups", { name: "Birch Row" });
  const link = await api<{ url: string; token: string }>(baseURL!, owner.token, "POST", `/groups/${group.id}/links`, {
    approval: false,
  });

  const { page } = await secondPerson({ user: bo });
  await page.goto(link.url);
  await expect(
    page.getByText(`The other members of the group will see your e-mail address, ${bo.email}.`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Join Group" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Birch Row!" })).toBeVisible();

  await page.goto("/profile");
  const hide = page.getByRole("checkbox", { name: "Hide my e-mail address from other members" });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  await screenshots(page, "profile-email-hidden", { themes: ["light"] });
  await page.reload();
  await expect(hide).toBeChecked();

  await api(baseURL!, cy.token, "POST", `/invites/${link.token}/join`);
  type Member = { name: string; email: string | null };
  const boAs = async (viewer: { token: string }) =>
    (await api<Member[]>(baseURL!, viewer.token, "GET", `/groups/${group.id}/members`)).find(
      (m) => m.name === "Bo Park",
    );
  expect((await boAs(cy))?.email).toBeNull();
  expect((await boAs(owner))?.email).toBe(bo.email);

  // Having hidden it, the next open link says nothing of members seeing it.
  const other = await api<{ id: string }>(baseURL!, cy.token, "POST", "/groups", { name: "Ash Lane" });
  const otherLink = await api<{ url: string }>(baseURL!, cy.token, "POST", `/groups/${other.id}/links`, {
    approval: false,
  });
  await page.goto(otherLink.url);
  await expect(page.getByRole("button", { name: "Join Group" })).toBeVisible();
  await expect(page.getByText("will see your e-mail address")).toHaveCount(0);
});
