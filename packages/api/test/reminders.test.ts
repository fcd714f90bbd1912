import { HOUR_MS, REQUEST_REMINDER_JOB, setKindChannels, type RequestReminderJob } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { useHarness, groupWith, type Neighbour } from "./support";

/** The reminders before a needed-by time (issue 15), driven by the fake clock through the harness's job queue. */
const posted = new Date("2026-06-01T10:00:00Z");
const h = useHarness({ startsAt: posted });

const requestLink = (id: string) => `http://localhost:3000/requests/${id}`;
const at = (hoursAfterPosting: number) => new Date(posted.getTime() + hoursAfterPosting * HOUR_MS);

/** Ann posts "Two pints of milk" in Elm Street (with Bo and Cy), needed 72 h after posting unless told otherwise. */
async function milkRequest(neededInHours = 72) {
  const [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
  const group = await groupWith(h, ann, [bo, cy], "Elm Street");
  const request = await ann.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId: group.id,
    neededBy: at(neededInHours),
  });
  return { ann, bo, cy, request };
}

/** Moves the clock to `when` and runs the jobs due by then, as the job engine would. */
async function runJobsAt(hoursAfterPosting: number): Promise<string[]> {
  h.clock.set(at(hoursAfterPosting));
  return h.runDueJobs();
}

/** The reminders `who` received (delivered through the real outbox worker). */
async function remindersTo(who: Neighbour) {
  await h.deliver();
  return h.inbox(who.email).filter((m) => /^Reminder:|^Nobody has offered/.test(m.subject));
}

async function claimAt(hoursAfterPosting: number, who: Neighbour, requestId: string) {
  h.clock.set(at(hoursAfterPosting));
  await who.caller.requests.claim({ id: requestId });
}

describe("the helper's reminder", () => {
  it("reaches the helper three hours before the needed-by time, with a link to the request, exactly once", async () => {
    const { ann, bo, request } = await milkRequest();
    await claimAt(1, bo, request.id);

    expect(await runJobsAt(68)).toEqual(["request claimed"]); // the requester's, due at 48 h: claimed by then
    expect(await runJobsAt(69)).toEqual(["sent"]);
    const [mail, ...more] = await remindersTo(bo);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Reminder: Two pints of milk for Ann is needed by Thu, 4 Jun 2026, 10:00 (UTC)");
    expect(mail!.links[0]).toBe(requestLink(request.id));

    // A retry, a restart or another instance running the same job sends nothing more.
    expect(await h.services.reminders.run({ requestId: request.id, kind: "helper" })).toBe("already sent");
    expect(await remindersTo(bo)).toHaveLength(1);
    expect(await remindersTo(ann)).toHaveLength(0);
  });

  it("shows the needed-by time in APP_TIMEZONE", async () => {
    await h.restart({ config: { timeZone: "Europe/London" } });
    const { bo, request } = await milkRequest();
    await claimAt(1, bo, request.id);
    await runJobsAt(69);
    const [mail] = await remindersTo(bo);
    expect(mail!.subject).toBe(
      "Reminder: Two pints of milk for Ann is needed by Thu, 4 Jun 2026, 11:00 (Europe/London)",
    );
  });

  it("goes to whoever holds the claim when it is due: after an unclaim, to the new helper only", async () => {
    const { bo, cy, request } = await milkRequest();
    await claimAt(1, bo, request.id);
    h.clock.set(at(2));
    await bo.caller.requests.unclaim({ id: request.id });
    await claimAt(3, cy, request.id);
    expect(await runJobsAt(69)).toContain("sent");
    expect(await remindersTo(bo)).toHaveLength(0);
    expect(await remindersTo(cy)).toHaveLength(1);
  });

  it("is not sent for a claim made inside the three hours", async () => {
    const { bo, request } = await milkRequest();
    await claimAt(70, bo, request.id);
    expect(h.jobs.waiting.filter((j) => (j.data as { kind: string }).kind === "helper")).toHaveLength(0);
    await runJobsAt(71);
    expect(await remindersTo(bo)).toHaveLength(0);
  });

  it("is not sent once the request is fulfilled", async () => {
    const { bo, request } = await milkRequest();
    await claimAt(1, bo, request.id);
    await bo.caller.requests.fulfill({ id: request.id });
    expect(await runJobsAt(69)).toEqual(["request fulfilled", "request fulfilled"]);
    expect(await remindersTo(bo)).toHaveLength(0);
  });

  it("is not sent once the helper unclaimed", async () => {
    const { bo, request } = await milkRequest();
    await claimAt(1, bo, request.id);
    await bo.caller.requests.unclaim({ id: request.id });
    expect(await runJobsAt(69)).toEqual(["sent", "request open"]); // the requester's goes: still open
    expect(await remindersTo(bo)).toHaveLength(0);
  });

  it("is not sent once the request is deleted", async () => {
    const { ann, bo, request } = await milkRequest();
    await claimAt(1, bo, request.id);
    await ann.caller.requests.remove({ id: request.id });
    expect(await runJobsAt(69)).toEqual(["deleted", "deleted"]);
    expect(await remindersTo(bo)).toHaveLength(0);
  });

  it("is not sent when the helper turned reminders off", async () => {
    const { bo, request } = await milkRequest();
    await claimAt(1, bo, request.id);
    await setKindChannels(h.db, bo.user.id, "reminders", { email: false, push: false }, h.clock.now());
    expect(await runJobsAt(69)).toContain("preference off");
    expect(await remindersTo(bo)).toHaveLength(0);
  });
});

describe("the requester's reminder", () => {
  it("reaches the requester of a request still open 24 h before its needed-by time, with a link to it, exactly once", async () => {
    const { ann, request } = await milkRequest();
    expect(await runJobsAt(47)).toEqual([]);
    expect(await runJobsAt(48)).toEqual(["sent"]);
    const [mail, ...more] = await remindersTo(ann);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Nobody has offered to help with Two pints of milk yet");
    expect(mail!.text).toContain("Notify group");
    expect(mail!.links[0]).toBe(requestLink(request.id));
    expect(await h.services.reminders.run({ requestId: request.id, kind: "requester" })).toBe("already sent");
    expect(await remindersTo(ann)).toHaveLength(1);
  });

  it("comes half-way through a window shorter than two days", async () => {
    const { ann } = await milkRequest(10);
    expect(await runJobsAt(4.9)).toEqual([]);
    expect(await runJobsAt(5)).toEqual(["sent"]);
    expect(await remindersTo(ann)).toHaveLength(1);
  });

  it("is not sent once a neighbour claimed the request", async () => {
    const { ann, bo, request } = await milkRequest();
    await claimAt(47, bo, request.id);
    expect(await runJobsAt(48)).toEqual(["request claimed"]);
    expect(await remindersTo(ann)).toHaveLength(0);
  });

  it("is not sent once the request is deleted, nor after its requester deleted their account", async () => {
    const first = await milkRequest();
    await first.ann.caller.requests.remove({ id: first.request.id });
    const dee = await h.signUpUser({ name: "Dee" });
    const group = await groupWith(h, dee, [], "Oak Road");
    await dee.caller.requests.create({ itemDescription: "Bread", groupId: group.id, neededBy: at(72) });
    await dee.caller.user.deleteAccount({ password: dee.password });
    expect(await runJobsAt(48)).toEqual(["deleted", "deleted"]);
    expect(await remindersTo(first.ann)).toHaveLength(0);
  });

  it("is not sent when the requester turned reminders off", async () => {
    const { ann } = await milkRequest();
    await setKindChannels(h.db, ann.user.id, "reminders", { email: false, push: false }, h.clock.now());
    expect(await runJobsAt(48)).toEqual(["preference off"]);
    expect(await remindersTo(ann)).toHaveLength(0);
  });

  it("goes by push only when the requester turned reminder e-mails off", async () => {
    const { ann } = await milkRequest();
    await setKindChannels(h.db, ann.user.id, "reminders", { email: false }, h.clock.now());
    expect(await runJobsAt(48)).toEqual(["sent"]);
    expect(await remindersTo(ann)).toHaveLength(0);
  });

  it("is looked at again at its due time when woken early", async () => {
    const { ann } = await milkRequest();
    // The engine hands the job over 8 hours early (its clock ahead of the app's).
    const [job] = h.jobs.takeDue(REQUEST_REMINDER_JOB, at(48));
    h.clock.set(at(40));
    expect(await h.services.reminders.run(job!.data as RequestReminderJob)).toBe("rescheduled");
    expect(h.jobs.waiting.filter((j) => j.name === REQUEST_REMINDER_JOB)).toEqual([
      expect.objectContaining({ startAfter: at(48) }),
    ]);
    expect(await remindersTo(ann)).toHaveLength(0);
    expect(await runJobsAt(48)).toEqual(["sent"]);
    expect(await remindersTo(ann)).toHaveLength(1);
  });
});
