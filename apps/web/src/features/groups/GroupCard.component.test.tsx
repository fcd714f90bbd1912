// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import type { Group } from "../../lib/useGroupsCache";
import { renderWithApi, type Handlers } from "../../test/render";
import { GroupCard } from "./GroupCard";

afterEach(cleanup);

const group = {
  id: "group-1",
  name: "Elm Street",
  createdBy: "me",
  createdAt: "2026-06-01T12:00:00.000Z",
  memberCount: 3,
  description: null,
} as Group;

const handlers: Handlers = {
  "user.me": () => null,
  "invitations.count": () => ({ current: 2, max: 10 }),
  "user.notificationPreferences": () => ({
    profileFrequency: "daily",
    kinds: [],
    groups: [{ groupId: "group-1", groupName: "Elm Street", frequency: null, effective: "daily" }],
  }),
  "push.devices": () => [],
};

describe("a group card", () => {
  it("reads in English", async () => {
    renderWithApi(
      <GroupCard group={{ ...group, description: "Numbers 2 to 40" }} viewerId="me" highlighted={false} />,
      handlers,
    );
    expect(screen.getByText("Owner")).toBeTruthy();
    expect(screen.getByText("3 members")).toBeTruthy();
    expect(screen.getByText("Numbers 2 to 40")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit description" })).toBeTruthy();
    expect(await screen.findByRole("option", { name: "As in my profile (Daily)" })).toBeTruthy();
    // One way to say Daily; and what a new request here brings.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "As in my profile (Daily)",
      "Immediate",
      "Weekly",
      "Off",
    ]);
    expect(screen.getByText("In the daily summary e-mail at 8 AM.")).toBeTruthy();
  });

  it("tells an owner with members why they cannot leave, and where to act, without saying it twice", async () => {
    renderWithApi(<GroupCard group={group} viewerId="me" highlighted={false} />, {
      ...handlers,
      "groups.members": () => [],
    });
    fireEvent.click(screen.getByRole("button", { name: "Leave Group" }));
    const refusal = screen
      .getAllByRole("status")
      .find((node) => node.textContent?.includes("Group owner cannot leave"));
    expect(refusal?.textContent).toBe(
      "Group owner cannot leave while other members remain. Remove other members first or transfer ownership. " +
        "“Make owner” and “Remove” are next to each member below.",
    );
    expect(refusal?.textContent?.match(/remove other members/gi)).toHaveLength(1);
  });

  describe("in German", () => {
    afterEach(() => activateLocale("en"));

    it("shows its texts, counts and the invite form in German", async () => {
      await activateLocale("de");
      await loadNamespaces(["groups", "sharing", "profile"]);
      renderWithApi(<GroupCard group={{ ...group, memberCount: 1 }} viewerId="me" highlighted={false} />, handlers);
      expect(screen.getByText("Inhaber")).toBeTruthy();
      expect(screen.getByText("1 Mitglied")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Mitglieder anzeigen" })).toBeTruthy();
      expect(await screen.findByRole("option", { name: "Wie in meinem Profil (Täglich)" })).toBeTruthy();
      expect(screen.getByLabelText("Neue Anfragen")).toBeTruthy();

      fireEvent.click(screen.getByRole("button", { name: "Mitglieder einladen" }));
      expect(await screen.findByText("2/10 Einladungen gesendet")).toBeTruthy();
      expect(screen.getByRole("form", { name: "Mitglieder zu Elm Street einladen" })).toBeTruthy();
      expect(screen.getByLabelText("E-Mail-Adressen")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Beschreibung hinzufügen" })).toBeTruthy();
    });
  });
});
