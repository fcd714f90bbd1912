import { NOTIFICATION_KINDS } from "@hyn/validators/notification-kinds";
import { describe, expect, it } from "vitest";
import {
  invitationPayload,
  newRequestPayload,
  occurrenceSkippedPayload,
  PUSH_DELIVERY,
  reminderPayload,
  requestUpdatePayload,
  stillWantedPayload,
  thanksPayload,
} from "./payload";

const request = {
  itemDescription: "Oat milk",
  groupName: "Maple Street",
  url: "https://hyn.example/?request=r1",
  requestId: "r1",
};

describe("push payloads", () => {
  it("hold only the kind, what the notification shows and where a tap leads", () => {
    const payloads = [
      newRequestPayload(request, "Ann"),
      requestUpdatePayload("claimed", request, "Bo"),
      invitationPayload("Maple Street", "Olga", "https://hyn.example/", "i1"),
    ];
    for (const payload of payloads)
      expect(Object.keys(payload).sort()).toEqual(["body", "kind", "tag", "title", "url"]);
    expect(payloads[0]).toEqual({
      kind: "new_requests",
      title: "New request in Maple Street",
      body: "Ann needs: Oat milk",
      url: request.url,
      tag: "request-r1",
    });
  });

  it("say 'A neighbour' for a person without a name, never anything else about them", () => {
    expect(newRequestPayload(request, "").body).toBe("A neighbour needs: Oat milk");
    // A member's first request in the group says so (issue 41 §3).
    expect(newRequestPayload({ ...request, firstInGroup: true }, "Ann").body).toBe("First request from Ann: Oat milk");
    expect(requestUpdatePayload("fulfilled", request, "").body).toBe(
      "A neighbour marked as delivered: Oat milk (Maple Street)",
    );
    expect(invitationPayload("Maple Street", "", "https://hyn.example/", "i1").body).toBe(
      "A neighbour invited you to join Maple Street.",
    );
  });

  it("for a neighbour without the app (issue 42 §1): the poster is told whom the request was for, the helper whose thanks they are", () => {
    expect(requestUpdatePayload("claimed", request, "Bo", "en", "Mrs. Okafor")).toMatchObject({
      title: "Your request for Mrs. Okafor was claimed",
      body: "Bo will pick up: Oat milk (Maple Street)",
    });
    expect(requestUpdatePayload("unclaimed", request, "Bo", "es", "Mrs. Okafor").title).toBe(
      "Tu solicitud para Mrs. Okafor vuelve a estar abierta",
    );
    expect(requestUpdatePayload("fulfilled", request, "Bo", "de", "Mrs. Okafor").title).toBe(
      "Deine Anfrage für Mrs. Okafor ist erledigt",
    );
    expect(thanksPayload(request, "Ana", "en", "Mrs. Okafor")).toMatchObject({
      kind: "thanks",
      title: "Thanks from Mrs. Okafor",
      body: "Passed on by Ana, for helping with: Oat milk (Maple Street)",
    });
    expect(thanksPayload(request, "Ana", "de", "Mrs. Okafor").title).toBe("Dank von Mrs. Okafor");
    // A request of the poster's own, as before.
    expect(thanksPayload(request, "Ana").title).toBe("Ana thanked you");
    expect(requestUpdatePayload("claimed", request, "Bo").title).toBe("Your request was claimed");
  });

  it("every kind has a TTL and an urgency", () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(PUSH_DELIVERY[kind].ttlSeconds).toBeGreaterThan(0);
      expect(["very-low", "low", "normal", "high"]).toContain(PUSH_DELIVERY[kind].urgency);
    }
  });

  it("are written in the recipient's language", () => {
    expect(newRequestPayload(request, "Ann", "es")).toMatchObject({
      title: "Nueva solicitud en Maple Street",
      body: "Ann necesita: Oat milk",
    });
    expect(requestUpdatePayload("claimed", request, "", "es")).toMatchObject({
      title: "Alguien se ha ofrecido a ayudarte",
      body: "Un vecino lo recogerá: Oat milk (Maple Street)",
    });
    expect(thanksPayload(request, "Bo", "es")).toMatchObject({
      title: "Bo te ha dado las gracias",
      body: "Por ayudar con: Oat milk (Maple Street)",
    });
    expect(invitationPayload("Maple Street", "Olga", "https://hyn.example/", "i1", "de")).toMatchObject({
      title: "Einladung zu Maple Street",
      body: "Olga hat dich in die Gruppe Maple Street eingeladen.",
    });
    expect(reminderPayload("helper", request, "", "de").body).toBe(
      "Du hilfst einem Nachbarn bei: Oat milk (Maple Street)",
    );
    expect(occurrenceSkippedPayload(request, "Ann", "https://hyn.example/", "de")).toMatchObject({
      title: "Diesmal nichts zu besorgen",
      body: "Ann braucht Oat milk dieses Mal nicht (Maple Street)",
    });
    expect(occurrenceSkippedPayload(request, "", "https://hyn.example/", "es").body).toBe(
      "Un vecino no necesita Oat milk esta vez (Maple Street)",
    );
  });
});

describe("the pushes about a request that still wants a helper (issue 26)", () => {
  it("say it is still needed, or given back, in the reader's language", () => {
    expect(stillWantedPayload("still_needed", request, "Ann")).toEqual({
      kind: "still_needed",
      title: "Still needed: Oat milk",
      body: "Ann still needs help (Maple Street)",
      url: request.url,
      tag: "request-r1",
    });
    expect(stillWantedPayload("given_back", request, "")).toMatchObject({
      kind: "given_back",
      title: "Oat milk needs a helper again",
      body: "Whoever was helping a neighbour had to give it back (Maple Street)",
    });
    expect(stillWantedPayload("still_needed", request, "", "de").body).toBe(
      "Ein Nachbar braucht noch Hilfe (Maple Street)",
    );
    expect(stillWantedPayload("given_back", request, "Ann", "es").title).toBe(
      "Oat milk vuelve a necesitar a alguien que ayude",
    );
  });
});
