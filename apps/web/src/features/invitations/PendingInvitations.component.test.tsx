// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
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
});
