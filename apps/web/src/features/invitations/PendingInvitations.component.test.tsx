// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { renderWithApi, type Handlers } from "../../test/render";
import { PendingInvitations } from "./PendingInvitations";

afterEach(cleanup);

const DAY = 24 * 60 * 60 * 1000;
// Taken once, before the panel reads its clock: "2 days ago" holds however long the test takes.
const loadedAt = Date.now();
const handlers: Handlers = {
  "user.me": () => null,
  "invitations.pending": () => [
    {
      id: "invite-1",
      groupName: "Elm Street",
      groupRules: null,
      inviterName: "Ana",
      createdAt: new Date(loadedAt - 2 * DAY),
      expiresAt: new Date(loadedAt + 5 * DAY + 60_000),
    },
  ],
};

describe("pending invitations", () => {
  it("name the group, who invited and when, in English", async () => {
    renderWithApi(<PendingInvitations />, handlers);
    const card = await screen.findByRole("listitem", { name: "Invitation to Elm Street" });
    expect(card.textContent).toContain("Invited by Ana");
    expect(card.querySelector("strong")?.textContent).toBe("Ana");
    expect(card.textContent).toContain("2 days ago");
    expect(card.textContent).toContain("Expires in 5 days");
  });

  describe("in Spanish", () => {
    afterEach(() => activateLocale("en"));

    it("word the same in Spanish, the inviter's name still in bold", async () => {
      await activateLocale("es");
      await loadNamespaces(["groups", "sharing"]);
      renderWithApi(<PendingInvitations />, handlers);
      expect(await screen.findByRole("heading", { name: "Invitaciones pendientes a grupos" })).toBeTruthy();
      const card = screen.getByRole("listitem", { name: "Invitación a Elm Street" });
      expect(card.textContent).toContain("Te invitó Ana");
      expect(card.querySelector("strong")?.textContent).toBe("Ana");
      expect(card.textContent).toContain("Enviada hace 2 días");
      expect(card.textContent).toContain("Caduca en 5 días");
      expect(screen.getByRole("button", { name: "Aceptar" })).toBeTruthy();
    });
  });

  it('show a group\'s rules before accepting, and join only once they are accepted (PRODUCT "Group rules")', async () => {
    await loadNamespaces(["groups", "sharing"]);
    const invitation = { ...(handlers["invitations.pending"]!(undefined) as object[])[0], groupRules: "Be kind" };
    const group = { id: "g1", name: "Elm Street" };
    const { calls } = renderWithApi(<PendingInvitations />, {
      ...handlers,
      "invitations.pending": () => [invitation],
      "invitations.accept": () => group,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    const dialog = await screen.findByRole("dialog", { name: "The rules of Elm Street" });
    expect(dialog.textContent).toContain("Be kind");
    fireEvent.click(screen.getByRole("button", { name: "Join Group" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please accept the group's rules to join it");
    expect(calls.some((call) => call.path === "invitations.accept")).toBe(false);

    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the group's rules" }));
    fireEvent.click(screen.getByRole("button", { name: "Join Group" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "invitations.accept")?.input).toEqual({
        id: "invite-1",
        acceptRules: true,
      }),
    );
  });
});
