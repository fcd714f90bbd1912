/**
 * Issue 29: reports, and what an admin does about them (PRODUCT "Reporting", "Suspension"). Each rule
 * here fails without its code; the race of a suspension with its person's posts and claims is proven on
 * PostgreSQL in moderation-concurrency.pg.test.ts.
 */
import { adminAudit, invites, reports, requests, sessions, users } from "@hyn/db";
import { generateToken, hashToken } from "@hyn/core";
import { messages } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, groupWith, useHarness, type Harness } from "./support";

const ADMIN = "moderator@example.com";
const h = useHarness({ config: { adminEmails: new Set([ADMIN]) } });

/** An admin, a poster and a neighbour in one group, the poster's open request in it, an outsider. */
async function street(harness: Harness = h) {
  const admin = await harness.signUpUser({ email: ADMIN, name: "Ada Admin" });
  const [poster, neighbour, outsider] = await harness.neighbours("Pat Poster", "Nell Neighbour", "Olly Outsider");
  const group = await groupWith(harness, poster, [neighbour], "Elm Street");
  const request = await poster.caller.requests.create({
    groupId: group.id,
    itemDescription: "Buy followers cheap",
    neededBy: harness.inHours(48),
  });
  return { admin, poster, neighbour, outsider, group, request };
}

describe("reporting a request or a member", () => {
  it("a member reports a request in their group: 201's answer, and the admin queue shows it in context", async () => {
    const { admin, poster, neighbour, group, request } = await street();
    const report = await neighbour.caller.reports.create({
      subject: { requestId: request.id },
      groupId: group.id,
      category: "spam",
      note: "  Selling things, not asking  ",
    });
    expect(report.id).toMatch(/^[0-9a-f-]{36}$/);
    const queue = await admin.caller.admin.reports();
    expect(queue).toEqual([
      expect.objectContaining({
        id: report.id,
        category: "spam",
        note: "Selling things, not asking",
        subjectKind: "request",
        reporter: { id: neighbour.user.id, name: "Nell Neighbour" },
        group: { id: group.id, name: "Elm Street" },
        request: { id: request.id, itemDescription: "Buy followers cheap", status: "open" },
        user: {
          id: poster.user.id,
          name: "Pat Poster",
          email: poster.email,
          suspended: false,
          groups: [{ id: group.id, name: "Elm Street" }],
          openReports: 1,
        },
      }),
    ]);
  });

  it("nothing is told to the person reported: no e-mail reaches them", async () => {
    const { poster, neighbour, group } = await street();
    await h.deliver();
    const before = h.inbox(poster.email).length;
    await neighbour.caller.reports.create({
      subject: { userId: poster.user.id },
      groupId: group.id,
      category: "unsafe",
    });
    await h.deliver();
    expect(h.inbox(poster.email)).toHaveLength(before);
  });

  it("one open report per reporter and subject: a second is a 409 that says so; another reporter may report too", async () => {
    const { admin, poster, neighbour, group, request } = await street();
    const input = { subject: { requestId: request.id }, groupId: group.id, category: "spam" as const };
    await neighbour.caller.reports.create(input);
    expect(await failure(neighbour.caller.reports.create({ ...input, category: "other" }))).toEqual({
      code: "CONFLICT",
      message: messages.reportAlreadyOpen,
    });
    // The member as a subject is another subject.
    await neighbour.caller.reports.create({
      subject: { userId: poster.user.id },
      groupId: group.id,
      category: "offensive",
    });
    const third = await h.signUpUser();
    await h.db.execute(sql`insert into group_members (group_id, user_id) values (${group.id}, ${third.user.id})`);
    await third.caller.reports.create(input);
    const queue = await admin.caller.admin.reports();
    expect(queue).toHaveLength(3);
    expect(queue.every((r) => r.user.openReports === 3)).toBe(true);
    // Once dismissed, the same reporter may report it again.
    await admin.caller.admin.dismissReport({
      id: queue.find((r) => r.reporter.id === neighbour.user.id && r.request)!.id,
    });
    await expect(neighbour.caller.reports.create(input)).resolves.toBeTruthy();
  });

  it("404 for reporting oneself, a request one cannot see, or a member one shares no group with", async () => {
    const { poster, neighbour, outsider, group, request } = await street();
    expect(
      await failure(
        poster.caller.reports.create({ subject: { requestId: request.id }, groupId: group.id, category: "spam" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.cannotReportYourself });
    expect(
      await failure(
        poster.caller.reports.create({ subject: { userId: poster.user.id }, groupId: group.id, category: "spam" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.cannotReportYourself });
    expect(
      await failure(
        outsider.caller.reports.create({ subject: { requestId: request.id }, groupId: group.id, category: "spam" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.requestNotFound });
    expect(
      await failure(
        outsider.caller.reports.create({ subject: { userId: poster.user.id }, groupId: group.id, category: "spam" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.userNotFound });
    // A group the outsider is in, but the poster is not.
    const own = await groupWith(h, outsider);
    expect(
      await failure(
        outsider.caller.reports.create({ subject: { userId: poster.user.id }, groupId: own.id, category: "spam" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.userNotFound });
    // The request named with another group than its own.
    const shared = await groupWith(h, outsider, [neighbour]);
    expect(
      await failure(
        neighbour.caller.reports.create({ subject: { requestId: request.id }, groupId: shared.id, category: "spam" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: messages.requestNotFound });
  });

  it("a category from the list and a note of at most 500 characters", async () => {
    const { neighbour, group, request } = await street();
    const subject = { requestId: request.id };
    expect(
      await failure(neighbour.caller.reports.create({ subject, groupId: group.id, category: "boring" as "spam" })),
    ).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(messages.reportCategoryInvalid) });
    expect(
      await failure(
        neighbour.caller.reports.create({ subject, groupId: group.id, category: "other", note: "x".repeat(501) }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(messages.reportNoteTooLong) });
    await expect(
      neighbour.caller.reports.create({ subject, groupId: group.id, category: "other", note: "x".repeat(500) }),
    ).resolves.toBeTruthy();
  });
});

describe("an admin acts", () => {
  it("non-admins get 'Access denied: Admin privileges required' from every admin call", async () => {
    const { neighbour, poster, group, request } = await street();
    const calls = [
      () => neighbour.caller.admin.reports(),
      () => neighbour.caller.admin.audit(),
      () => neighbour.caller.admin.dismissReport({ id: "00000000-0000-4000-8000-000000000000" }),
      () => neighbour.caller.admin.suspendUser({ id: poster.user.id, reason: "No" }),
      () => neighbour.caller.admin.reinstateUser({ id: poster.user.id }),
      () => neighbour.caller.admin.removeRequest({ id: request.id }),
      () => neighbour.caller.admin.removeGroup({ id: group.id }),
    ];
    for (const call of calls)
      expect(await failure(call())).toEqual({ code: "FORBIDDEN", message: messages.adminRequired });
  });

  it("dismissing closes the report once, and the audit log says who, what, when and why", async () => {
    const { admin, neighbour, group, request } = await street();
    const report = await neighbour.caller.reports.create({
      subject: { requestId: request.id },
      groupId: group.id,
      category: "spam",
    });
    await admin.caller.admin.dismissReport({ id: report.id });
    expect(await admin.caller.admin.reports()).toEqual([]);
    expect(await failure(admin.caller.admin.dismissReport({ id: report.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.reportNotFound,
    });
    expect((await admin.caller.admin.audit()).entries).toEqual([
      expect.objectContaining({
        action: "report_dismissed",
        admin: { id: admin.user.id, label: `Ada Admin <${ADMIN}>` },
        subjectId: request.id,
        subjectLabel: "Buy followers cheap",
        reportId: report.id,
        createdAt: h.clock.now(),
      }),
    ]);
  });

  it("a suspension needs a reason (400), and an admin cannot suspend themselves (400)", async () => {
    const { admin, poster } = await street();
    expect(await failure(admin.caller.admin.suspendUser({ id: poster.user.id, reason: "   " }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(messages.suspensionReasonRequired),
    });
    expect(await failure(admin.caller.admin.suspendUser({ id: admin.user.id, reason: "Testing" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.cannotSuspendYourself,
    });
    const [row] = await h.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, poster.user.id));
    expect(row!.suspendedAt).toBeNull();
  });

  it("suspending ends the sessions at once, withdraws open requests, reopens claims, cancels invitations and tells the person", async () => {
    const { admin, poster, neighbour, group, request } = await street();
    const neighboursRequest = await neighbour.caller.requests.create({
      groupId: group.id,
      itemDescription: "Oat milk",
      neededBy: h.inHours(24),
    });
    await poster.caller.requests.claim({ id: neighboursRequest.id });
    const fulfilledOne = await poster.caller.requests.create({
      groupId: group.id,
      itemDescription: "Bread",
      neededBy: h.inHours(24),
    });
    await neighbour.caller.requests.claim({ id: fulfilledOne.id });
    await neighbour.caller.requests.fulfill({ id: fulfilledOne.id });
    await poster.caller.invitations.create({ groupId: group.id, email: "friend@example.com" }).catch(() => undefined);
    await h.db
      .insert(invites)
      .values({
        groupId: group.id,
        email: "friend@example.com",
        tokenHash: "moderation-test-token",
        expiresAt: h.inHours(72),
        invitedBy: poster.user.id,
      })
      .onConflictDoNothing();
    const report = await neighbour.caller.reports.create({
      subject: { requestId: request.id },
      groupId: group.id,
      category: "spam",
    });

    const result = await admin.caller.admin.suspendUser({ id: poster.user.id, reason: "Spam", reportId: report.id });
    expect(result).toMatchObject({ withdrawnRequests: 1, reopenedClaims: 1, endedSessions: 1 });
    expect(result.cancelledInvitations).toBeGreaterThanOrEqual(1);

    // The open session is refused at once (each call reads its session again, as every HTTP request does).
    expect((await failure((await h.caller(poster.token)).user.current())).code).toBe("UNAUTHORIZED");
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, poster.user.id))).toEqual([]);
    // Nothing of theirs left open or claimed by them; the finished request stays.
    const theirs = await h.db
      .select({ id: requests.id, status: requests.status, claimedBy: requests.claimedBy })
      .from(requests)
      .where(sql`${requests.userId} = ${poster.user.id} or ${requests.claimedBy} = ${poster.user.id}`);
    expect(theirs).toEqual([{ id: fulfilledOne.id, status: "fulfilled", claimedBy: neighbour.user.id }]);
    const reopened = await neighbour.caller.requests.byId({ id: neighboursRequest.id });
    expect(reopened).toMatchObject({ status: "open", claimedBy: null });
    expect(await failure(neighbour.caller.requests.byId({ id: request.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await h.db.select().from(invites).where(eq(invites.invitedBy, poster.user.id))).toEqual([]);
    // The report it answered is closed; the audit log keeps the reason.
    expect(await admin.caller.admin.reports()).toEqual([]);
    const [entry] = (await admin.caller.admin.audit()).entries;
    expect(entry).toMatchObject({
      action: "user_suspended",
      subjectId: poster.user.id,
      reason: "Spam",
      reportId: report.id,
      details: result,
    });
    // The person is told by e-mail.
    await h.deliver();
    expect(h.inbox(poster.email).at(-1)).toMatchObject({ subject: expect.stringMatching(/account is suspended/) });
    expect(h.inbox(poster.email).at(-1)!.text).toContain("Reason: Spam");

    // Signing in answers 403 with the spec's text, to whoever knows the password.
    const anonymous = await h.caller();
    expect(await failure(anonymous.auth.signIn({ email: poster.email, password: poster.password }))).toEqual({
      code: "FORBIDDEN",
      message: messages.accountSuspended,
    });
    expect((await failure(anonymous.auth.signIn({ email: poster.email, password: "wrong password!" }))).code).toBe(
      "UNAUTHORIZED",
    );
    // A second suspension is a 409.
    expect(await failure(admin.caller.admin.suspendUser({ id: poster.user.id, reason: "Again" }))).toEqual({
      code: "CONFLICT",
      message: messages.alreadySuspended,
    });
  });

  it("a session made after the suspension (a sign-in racing it) is refused too", async () => {
    const { admin, poster } = await street();
    await admin.caller.admin.suspendUser({ id: poster.user.id, reason: "Spam" });
    const token = generateToken();
    await h.db.insert(sessions).values({ id: hashToken(token), userId: poster.user.id, expiresAt: h.inHours(24) });
    const late = await h.caller(token);
    expect((await failure(late.user.current())).code).toBe("UNAUTHORIZED");
  });

  it("suspending lets go of a repeating request the person did every time: another member takes it, and the next one is posted open", async () => {
    const { admin, poster, neighbour, group } = await street();
    const helper = await h.signUpUser({ name: "Hal Helper" });
    const invitation = await poster.caller.invitations.create({ groupId: group.id, email: helper.email });
    await helper.caller.invitations.joinByToken({ token: invitation.token });
    const milk = await poster.caller.requests.create({
      groupId: group.id,
      itemDescription: "Oat milk",
      neededBy: h.inHours(48),
      repeat: { every: "week" },
    });
    await helper.caller.requestSeries.take({ id: milk.seriesId! });
    await admin.caller.admin.suspendUser({ id: helper.user.id, reason: "Spam" });
    // The current one was reopened with the claims; the series no longer names them as its helper.
    expect(await poster.caller.requestSeries.byId({ id: milk.seriesId! })).toMatchObject({ helperId: null });
    await poster.caller.requests.remove({ id: milk.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const next = (await poster.caller.requests.mine()).requests.find((r) => r.seriesId === milk.seriesId);
    expect(next).toMatchObject({ status: "open", claimedBy: null });
    await expect(neighbour.caller.requestSeries.take({ id: milk.seriesId! })).resolves.toMatchObject({
      helperId: neighbour.user.id,
    });
  });

  it("reinstating lifts only the suspension: the person signs in again, nothing withdrawn comes back", async () => {
    const { admin, poster, request } = await street();
    await admin.caller.admin.suspendUser({ id: poster.user.id, reason: "Mistake" });
    // The log's entry offers the reinstatement while the account is suspended.
    expect((await admin.caller.admin.audit()).entries[0]).toMatchObject({ subjectSuspended: true });
    h.clock.advance(1000);
    await admin.caller.admin.reinstateUser({ id: poster.user.id });
    const anonymous = await h.caller();
    await expect(anonymous.auth.signIn({ email: poster.email, password: poster.password })).resolves.toBeTruthy();
    expect(await h.db.select().from(requests).where(eq(requests.id, request.id))).toEqual([]);
    expect(await failure(admin.caller.admin.reinstateUser({ id: poster.user.id }))).toEqual({
      code: "CONFLICT",
      message: messages.notSuspended,
    });
    expect((await admin.caller.admin.audit()).entries.map((e) => [e.action, e.subjectSuspended])).toEqual([
      ["user_reinstated", null],
      ["user_suspended", false],
    ]);
  });

  it("removing a request deletes it and closes its reports; removing a group tells its members", async () => {
    const { admin, poster, neighbour, group, request } = await street();
    const report = await neighbour.caller.reports.create({
      subject: { requestId: request.id },
      groupId: group.id,
      category: "not_allowed",
    });
    await admin.caller.admin.removeRequest({ id: request.id, reason: "Selling", reportId: report.id });
    expect(await failure(neighbour.caller.requests.byId({ id: request.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await admin.caller.admin.reports()).toEqual([]);
    const [closed] = await h.db.select({ status: reports.status }).from(reports).where(eq(reports.id, report.id));
    expect(closed!.status).toBe("actioned");
    expect(await failure(admin.caller.admin.removeRequest({ id: request.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });

    h.clock.advance(1000);
    await admin.caller.admin.removeGroup({ id: group.id, reason: "Spam ring" });
    expect(await failure(neighbour.caller.groups.members({ groupId: group.id }))).toMatchObject({ code: "NOT_FOUND" });
    await h.deliver();
    for (const member of [poster, neighbour])
      expect(h.inbox(member.email).at(-1)).toMatchObject({ subject: 'The group "Elm Street" was removed' });
    expect((await admin.caller.admin.audit()).entries.map((e) => [e.action, e.subjectLabel, e.reason])).toEqual([
      ["group_removed", "Elm Street", "Spam ring"],
      ["request_removed", "Buy followers cheap", "Selling"],
    ]);
  });

  it("a suspended owner's group links stop working (a clear text, not 'invalid'), and work again on reinstatement", async () => {
    const { admin, poster, outsider, group } = await street();
    const link = await poster.caller.groupLinks.create({ groupId: group.id });
    await admin.caller.admin.suspendUser({ id: poster.user.id, reason: "Spam" });
    const paused = { code: "CONFLICT", message: messages.groupLinkPaused };
    expect(await failure(outsider.caller.groupLinks.joinPage({ token: link.token }))).toEqual(paused);
    expect(await failure(outsider.caller.invitations.joinByToken({ token: link.token }))).toEqual(paused);
    expect((await outsider.caller.groups.list()).map((g) => g.id)).not.toContain(group.id);

    await admin.caller.admin.reinstateUser({ id: poster.user.id });
    expect((await outsider.caller.groupLinks.joinPage({ token: link.token })).group.id).toBe(group.id);
    expect(await outsider.caller.invitations.joinByToken({ token: link.token })).toMatchObject({ id: group.id });
  });

  it("the audit log comes in pages, newest first, each continuing where the last ended", async () => {
    const { admin, poster, neighbour, request } = await street();
    await admin.caller.admin.removeRequest({ id: request.id, reason: "one" });
    for (const reason of ["two", "three"]) {
      h.clock.advance(1000);
      await admin.caller.admin.suspendUser({ id: poster.user.id, reason });
      await admin.caller.admin.reinstateUser({ id: poster.user.id, reason });
    }
    // Same instant as the last entries: the id breaks the tie, so nothing is skipped or shown twice.
    await admin.caller.admin.suspendUser({ id: neighbour.user.id, reason: "four" });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof admin.caller.admin.audit>> = await admin.caller.admin.audit({
        limit: 2,
        cursor,
      });
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const all = (await admin.caller.admin.audit()).entries;
    expect(all).toHaveLength(6);
    expect(seen).toEqual(all.map((e) => e.id));
    expect(pages).toBe(3);
    expect(all.at(-1)!.action).toBe("request_removed");
    const times = all.map((e) => new Date(e.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await failure(admin.caller.admin.audit({ cursor: "not-an-id" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.pageCursorInvalid,
    });
  });

  it("the audit log is append-only: the database refuses to change or delete an entry", async () => {
    const { admin, poster } = await street();
    await admin.caller.admin.suspendUser({ id: poster.user.id, reason: "Spam" });
    await expect(h.db.update(adminAudit).set({ reason: "nothing" })).rejects.toThrow();
    await expect(h.db.delete(adminAudit)).rejects.toThrow();
    await expect(h.db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    expect((await admin.caller.admin.audit()).entries).toHaveLength(1);
  });
});
