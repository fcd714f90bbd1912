import { HOUR_MS } from "@hyn/core";
import { requests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness, type Neighbour } from "./support";

/**
 * Issue 26: a request nobody has taken nudges its group once ("Still needed"), and a give-back close to
 * the needed-by time is told to the group at once; both by the members' new-request settings and their
 * own switch. Issue 41 §3 moved the nudge to half-way from posting to the needed-by time (at least 2 hours
 * after posting), to the members who had not been told at once (a summary's readers, resting helpers).
 * The nudge is driven by the fake clock through the harness's job queue.
 */
const posted = new Date("2026-06-01T10:00:00Z");
const h = useHarness({ startsAt: posted });

const requestLink = (id: string) => `http://localhost:3000/requests/${id}`;
const at = (hoursAfterPosting: number) => new Date(posted.getTime() + hoursAfterPosting * HOUR_MS);
const STILL_NEEDED = /^Still needed: /;
const GIVEN_BACK = / needs a helper again$/;

/**
 * Elm Street: Ann asks; Bo and Cy hear of new requests at once; Dee reads the daily summary; Eve muted
 * the group. "Two pints of milk", needed `neededInHours` after posting (24 h: the nudge is due at 12 h).
 */
async function street(neededInHours = 24) {
  const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
  const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
  const cy = await h.signUpUser({ name: "Cy", frequency: "immediate" });
  const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
  const eve = await h.signUpUser({ name: "Eve", frequency: "immediate" });
  const group = await groupWith(h, ann, [bo, cy, dee, eve], "Elm Street");
  await eve.caller.user.updateGroupNotifications({ groupId: group.id, frequency: "off" });
  h.clock.set(posted);
  const request = await ann.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId: group.id,
    neededBy: at(neededInHours),
  });
  return { ann, bo, cy, dee, eve, group, request };
}

async function nudgesAt(hoursAfterPosting: number): Promise<string[]> {
  h.clock.set(at(hoursAfterPosting));
  return h.runDueNudges();
}

/** The e-mails `who` received whose subject matches. */
async function mailsTo(who: Neighbour, subject: RegExp) {
  await h.deliver();
  return h.inbox(who.email).filter((m) => subject.test(m.subject));
}

describe('the "Still needed" nudge', () => {
  it("reaches the members who were not told at once, half-way to the needed-by time, exactly once", async () => {
    const { ann, bo, cy, dee, eve, request } = await street();
    expect(await nudgesAt(11.99)).toEqual([]);
    expect(await nudgesAt(12)).toEqual(["sent"]);

    const [mail, ...more] = await mailsTo(dee, STILL_NEEDED);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Still needed: Two pints of milk");
    expect(mail!.text).toContain(
      "Nobody has offered to help Ann in Elm Street yet, and it is needed by Tue, 2 Jun 2026, 10:00 (UTC):",
    );
    expect(mail!.links[0]).toBe(requestLink(request.id));
    expect(mail!.links[1]).toMatch(/^http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]+$/);
    // Not the requester, not the members told at once when it was posted, not a member who muted the group.
    for (const nobody of [ann, bo, cy, eve]) expect(await mailsTo(nobody, STILL_NEEDED)).toHaveLength(0);

    // A retry, a restart or another instance running the same job sends nothing more.
    expect(await h.services.nudges.run({ requestId: request.id })).toBe("already sent");
    expect(await mailsTo(dee, STILL_NEEDED)).toHaveLength(1);
  });

  it("is half-way however far the needed-by time, and no sooner than 2 hours after posting", async () => {
    const far = await street(72);
    expect(await nudgesAt(35.9)).toEqual([]);
    expect(await nudgesAt(36)).toEqual(["sent"]);
    expect(await mailsTo(far.dee, STILL_NEEDED)).toHaveLength(1);

    const near = await street(3);
    expect(await nudgesAt(1.99)).toEqual([]);
    expect(await nudgesAt(2)).toEqual(["sent"]);
    expect(await mailsTo(near.dee, STILL_NEEDED)).toHaveLength(1);
  });

  it("is not sent for a request claimed, fulfilled or withdrawn by then", async () => {
    const claimed = await street();
    h.clock.set(at(1));
    await claimed.bo.caller.requests.claim({ id: claimed.request.id });
    const fulfilled = await street();
    h.clock.set(at(1));
    await fulfilled.cy.caller.requests.claim({ id: fulfilled.request.id });
    await fulfilled.cy.caller.requests.fulfill({ id: fulfilled.request.id });
    const withdrawn = await street();
    await withdrawn.ann.caller.requests.remove({ id: withdrawn.request.id });

    expect((await nudgesAt(12)).sort()).toEqual(["deleted", "request claimed", "request fulfilled"]);
    for (const who of [claimed, fulfilled, withdrawn].flatMap((s) => [s.dee]))
      expect(await mailsTo(who, STILL_NEEDED)).toHaveLength(0);
  });

  it("is sent for a request claimed and given back before it is due", async () => {
    const { bo, dee, request } = await street();
    h.clock.set(at(1));
    await bo.caller.requests.claim({ id: request.id });
    h.clock.set(at(2));
    await bo.caller.requests.unclaim({ id: request.id });
    expect(await nudgesAt(12)).toEqual(["sent"]);
    expect(await mailsTo(dee, STILL_NEEDED)).toHaveLength(1);
  });

  it("follows a needed-by time moved later", async () => {
    const { dee, request } = await street();
    await h.db
      .update(requests)
      .set({ neededBy: at(48) })
      .where(eq(requests.id, request.id));
    // Woken at the old due time: it waits for the new one (half of 48 h: 24 h after posting).
    expect(await nudgesAt(12)).toEqual(["rescheduled"]);
    expect(await nudgesAt(23.9)).toEqual([]);
    expect(await nudgesAt(24)).toEqual(["sent"]);
    expect(await mailsTo(dee, STILL_NEEDED)).toHaveLength(1);
  });

  it("follows each member's switches: this kind's, and new requests'", async () => {
    const { dee, request } = await street();
    await dee.caller.user.updateNotificationKind({ kind: "still_needed", email: false, push: false });
    expect(await nudgesAt(12)).toEqual(["nobody to tell"]);
    expect(await mailsTo(dee, STILL_NEEDED)).toHaveLength(0);
    // Recorded all the same: turning a switch back on later does not send it after all.
    await dee.caller.user.updateNotificationKind({ kind: "still_needed", email: true });
    expect(await h.services.nudges.run({ requestId: request.id })).toBe("already sent");
  });

  it("carries an unsubscribe link that turns off this kind's e-mails only", async () => {
    const { dee } = await street();
    await nudgesAt(12);
    const [mail] = await mailsTo(dee, STILL_NEEDED);
    const token = new URL(mail!.links[1]!).pathname.split("/").pop()!;
    const anonymous = await h.caller(null);
    expect(await anonymous.unsubscribe.confirm({ token })).toMatchObject({
      scope: { type: "kind", kind: "still_needed" },
      state: "stopped",
    });
    const { kinds } = await dee.caller.user.notificationPreferences();
    expect(kinds.find((k) => k.kind === "still_needed")).toEqual({ kind: "still_needed", email: false, push: true });
    expect(kinds.find((k) => k.kind === "new_requests")).toEqual({ kind: "new_requests", email: true, push: true });
  });
});

describe("a request given back close to its needed-by time", () => {
  it("tells the group at once, but not the helper who gave it back, nor the requester", async () => {
    const { ann, bo, cy, dee, eve, request } = await street();
    h.clock.set(at(1));
    await bo.caller.requests.claim({ id: request.id });
    h.clock.set(at(3)); // 21 h before the needed-by time
    await bo.caller.requests.unclaim({ id: request.id });

    const [mail, ...more] = await mailsTo(cy, GIVEN_BACK);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Two pints of milk needs a helper again");
    expect(mail!.text).toContain("The neighbour who offered to help Ann in Elm Street can no longer do it");
    expect(mail!.links[0]).toBe(requestLink(request.id));
    for (const nobody of [ann, bo, dee, eve]) expect(await mailsTo(nobody, GIVEN_BACK)).toHaveLength(0);
    // The requester hears of it as before, by their request updates.
    expect(await mailsTo(ann, /no longer help/)).toHaveLength(1);
  });

  it("is not told when more than 24 hours are left", async () => {
    const { bo, cy, request } = await street(48);
    h.clock.set(at(1));
    await bo.caller.requests.claim({ id: request.id });
    h.clock.set(at(23.9));
    await bo.caller.requests.unclaim({ id: request.id });
    expect(await mailsTo(cy, GIVEN_BACK)).toHaveLength(0);
    h.clock.set(at(24));
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.unclaim({ id: request.id });
    expect(await mailsTo(cy, GIVEN_BACK)).toHaveLength(1);
  });

  it("follows each member's switch for it", async () => {
    const { bo, cy, request } = await street();
    await cy.caller.user.updateNotificationKind({ kind: "given_back", email: false });
    h.clock.set(at(1));
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.unclaim({ id: request.id });
    expect(await mailsTo(cy, GIVEN_BACK)).toHaveLength(0);
  });
});

describe("in the reader's language", () => {
  it("nudges and tells of a give-back in Spanish and German, each with its own unsubscribe link", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
    // On the daily summary, so the nudge (to those not told at once) reaches them; then on Immediate for the give-back.
    const ana = await h.signUpUser({ name: "Ana", frequency: "daily", locale: "es" });
    const jonas = await h.signUpUser({ name: "Jonas", frequency: "daily", locale: "de" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const group = await groupWith(h, ann, [ana, jonas, bo], "Elm Street");
    h.clock.set(posted);
    const request = await ann.caller.requests.create({
      itemDescription: "Two pints of milk",
      groupId: group.id,
      neededBy: at(24),
    });
    expect(await nudgesAt(12)).toEqual(["sent"]);
    const [spanish] = await mailsTo(ana, /^Todavía se necesita/);
    expect(spanish!.subject).toBe("Todavía se necesita: Two pints of milk");
    expect(spanish!.text).toContain("Todavía nadie en Elm Street se ha ofrecido a ayudar a Ann, y se necesita para el");
    expect(spanish!.text).toContain(`Puedo ayudar: ${requestLink(request.id)}`);
    expect(spanish!.html).toContain('<html lang="es">');
    const [german] = await mailsTo(jonas, /^Noch gebraucht/);
    expect(german!.subject).toBe("Noch gebraucht: Two pints of milk");
    expect(german!.text).toContain("In Elm Street hat noch niemand Ann Hilfe angeboten, und es wird bis");

    for (const who of [ana, jonas]) await who.caller.user.updateEmailPreferences({ frequency: "immediate" });
    h.clock.set(at(19));
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.unclaim({ id: request.id });
    const [givenBackEs] = await mailsTo(ana, /vuelve a necesitar/);
    expect(givenBackEs!.subject).toBe("Two pints of milk vuelve a necesitar a alguien que ayude");
    expect(givenBackEs!.text).toContain("El vecino que se ofreció a ayudar a Ann en Elm Street ya no puede hacerlo");
    const [givenBackDe] = await mailsTo(jonas, /wieder jemand gesucht/);
    expect(givenBackDe!.subject).toBe("Für Two pints of milk wird wieder jemand gesucht");
    expect(givenBackDe!.text).toContain("Wer Ann in Elm Street helfen wollte, kann es nicht mehr");
  });
});
