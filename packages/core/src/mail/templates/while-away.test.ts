import { describe, expect, it } from "vitest";
import { whileAwayEmail, type GroupMonth } from "./while-away";

const links = (locale: "en" | "es" | "de") => ({
  unsubscribe: { url: "https://hyn.test/unsubscribe/t", manageUrl: "https://hyn.test/profile#notifications" },
  timeZone: "UTC",
  locale,
});

function month(overrides: Partial<GroupMonth> = {}): GroupMonth {
  return {
    groupName: "Elm Street",
    fulfilled: [],
    fulfilledCount: 0,
    stillNeeded: [],
    stillNeededCount: 0,
    newMembers: [],
    ...overrides,
  };
}

describe("the month's e-mail to a quiet member", () => {
  it("lists what it shows and counts the whole, names new members as a list, and unsubscribes in one click", () => {
    const needed = Array.from({ length: 5 }, (_, i) => ({
      itemDescription: `Item ${i + 1}`,
      neededBy: new Date("2026-06-01T10:00:00Z"),
      requesterName: "Ann",
      url: `https://hyn.test/requests/${i}`,
    }));
    const mail = whileAwayEmail(
      "quinn@example.com",
      {
        groups: [month({ stillNeeded: needed, stillNeededCount: 7, newMembers: ["Cleo", "Dan", ""] })],
        days: 30,
        appUrl: "https://hyn.test",
      },
      links("en"),
    );
    expect(mail.subject).toBe("What Elm Street did this month");
    expect(mail.text).toContain("Still needed, 7 requests:");
    expect(mail.text.match(/^- Item \d for Ann/gm)).toHaveLength(5);
    expect(mail.text).toContain("New here: Cleo and Dan.");
    expect(mail.headers?.["List-Unsubscribe"]).toBe("<https://hyn.test/unsubscribe/t>");
  });

  it("covers several groups in one e-mail, in Spanish and German with their plurals", () => {
    const groups = [
      month({ groupName: "Calle Olmo", fulfilled: [{ itemDescription: "Pan", helperName: "" }], fulfilledCount: 1 }),
      month({ groupName: "Plaza", newMembers: ["Eva", "Luis"] }),
    ];
    const es = whileAwayEmail("q@example.com", { groups, days: 30, appUrl: "https://hyn.test" }, links("es"));
    expect(es.subject).toBe("Lo que hicieron tus grupos este mes");
    expect(es.text).toContain("1 petición cumplida:");
    expect(es.text).toContain("- Pan, lo trajo un vecino");
    expect(es.text).toContain("Nuevos en el grupo: Eva y Luis.");
    const de = whileAwayEmail("q@example.com", { groups, days: 30, appUrl: "https://hyn.test" }, links("de"));
    expect(de.subject).toBe("Was in deinen Gruppen diesen Monat los war");
    expect(de.text).toContain("Neu dabei: Eva und Luis.");
  });
});
