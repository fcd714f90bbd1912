/**
 * Issue 38, "Text is data": what a person types that reads like an escape sequence (`\u0000`, six
 * characters) stays those characters in every e-mail, and no one else's action on it fails. Lingui decoded
 * such sequences in the values of a formatted text, so the e-mails built from it carried a real NUL, which
 * PostgreSQL refused in the outbox, rolling the whole action back.
 */
import { HOUR_MS } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { groupWith, quickNeighbours, useHarness } from "./support";

const ADMIN = "moderator@example.com";
const h = useHarness({
  scope: "file",
  config: { adminEmails: new Set([ADMIN]) },
  startsAt: new Date("2026-06-01T10:00:00Z"),
});

/** One neighbour named `name 0`, e-mailed at once. */
async function neighbour(name: string) {
  const [who] = await quickNeighbours(h, 1, name);
  await who!.caller.user.updateEmailPreferences({ frequency: "immediate" });
  return who!;
}

/** Six characters as typed, not a NUL. */
const MILK = "milk \\u0000";

describe("a typed escape sequence is text, not a character (issue 38)", () => {
  it("a request for `milk \\u0000` is claimed and its poster removed, and the e-mails say `milk \\u0000`", async () => {
    const [owner, poster, helper] = [await neighbour("Olive"), await neighbour("Pat"), await neighbour("Hal")];
    const group = await groupWith(h, owner, [poster, helper], "Elm Street");
    const request = await poster.caller.requests.create({
      groupId: group.id,
      itemDescription: MILK,
      neededBy: h.inHours(24),
    });
    expect(request.itemDescription).toBe(MILK);
    await helper.caller.requests.claim({ id: request.id });
    await owner.caller.groups.removeMember({ groupId: group.id, userId: poster.user.id });
    await h.deliver();

    expect(h.inbox(helper.email).map((m) => m.subject)).toContain(`New request in Elm Street: ${MILK}`);
    const claimed = h.inbox(poster.email).find((m) => m.subject === `Hal 0 offered to help with your request: ${MILK}`);
    expect(claimed?.text).toContain(MILK);
    expect(claimed?.html).toContain(MILK);
  });

  it("an admin removes a group named `Evil \\u0000`, and its members are told its name as typed", async () => {
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    const [owner, member] = [await neighbour("Olive"), await neighbour("Mo")];
    const group = await owner.caller.groups.create({ name: "Evil \\u0000" });
    await owner.caller.invitations
      .create({ groupId: group.id, email: member.email })
      .then((invite) => member.caller.invitations.joinByToken({ token: invite.token }));
    await admin.caller.admin.removeGroup({ id: group.id, reason: "spam \\u0000" });
    await h.deliver();
    expect(h.inbox(member.email).map((m) => m.subject)).toContain('The group "Evil \\u0000" was removed');
  });

  it("a trip item `oats \\u0000` does not stop the tripper's cancel, nor the delivery of another trip's", async () => {
    const [tina, ann] = [await neighbour("Tina"), await neighbour("Ann")];
    const group = await groupWith(h, tina, [ann], "Elm Street");
    const cancelled = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(24) });
    await ann.caller.trips.addItem({ tripId: cancelled.id, itemDescription: "oats \\u0000" });
    expect(await tina.caller.trips.cancel({ tripId: cancelled.id })).toMatchObject({ status: "cancelled" });

    const trip = await tina.caller.trips.create({ groupIds: [group.id], store: "Lidl", departsAt: h.inHours(3) });
    const oats = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "oats \\x00" });
    h.clock.advance(2 * HOUR_MS);
    await tina.caller.trips.markItem({ tripId: trip.id, requestId: oats.id, state: "got" });
    await tina.caller.trips.deliver({ tripId: trip.id, userId: ann.user.id });
    await h.deliver();
    const mails = h.inbox(ann.email).map((m) => `${m.subject}\n${m.text}\n${m.html}`);
    expect(mails.filter((mail) => mail.includes("oats \\x00")).length).toBeGreaterThan(0);
    for (const mail of mails)
      expect(mail.replaceAll("oats \\x00", "").replaceAll("oats \\u0000", "")).not.toContain("oats");
  });
});
