import { DAY_MS, RETENTION_MS, runCleanUps } from "@hyn/core";
import {
  adminAudit,
  authTokens,
  emailSendLog,
  feedback,
  groupJoinRequests,
  groupMembers,
  groups,
  invites,
  sessions,
  users,
} from "@hyn/db";
import { describe, expect, it } from "vitest";
import { useHarness } from "./support";

/**
 * Issue 40 §3: what the app no longer needs goes after its period (packages/core/src/retention/periods.ts);
 * each test holds one row just past its period and one just inside it.
 */
const h = useHarness();
const now = () => h.clock.now();
/** A period before now, and a minute more (past it) or less (inside it). */
const past = (ms: number) => new Date(now().getTime() - ms - 60_000);
const inside = (ms: number) => new Date(now().getTime() - ms + 60_000);
const cleanUp = (requireEmailConfirmation = true) => runCleanUps(h.db, now(), { requireEmailConfirmation });

let accounts = 0;
async function account(fields: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const [row] = await h.db
    .insert(users)
    .values({ email: `a${accounts++}@example.com`, passwordHash: "x", emailVerifiedAt: now(), ...fields })
    .returning({ id: users.id });
  return row!.id;
}

async function groupOf(ownerId: string): Promise<string> {
  const [group] = await h.db.insert(groups).values({ name: "Elm", createdBy: ownerId }).returning({ id: groups.id });
  await h.db.insert(groupMembers).values({ groupId: group!.id, userId: ownerId });
  return group!.id;
}

describe("the clean-up of rows past their retention", () => {
  it("deletes expired sessions and keeps live ones", async () => {
    const who = await account();
    await h.db.insert(sessions).values([
      { id: "expired", userId: who, expiresAt: past(RETENTION_MS.expiredSessions) },
      { id: "live", userId: who, expiresAt: new Date(now().getTime() + DAY_MS) },
    ]);
    expect(await cleanUp()).toMatchObject({ expiredSessions: 1 });
    expect((await h.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual(["live"]);
  });

  it("deletes reset and confirmation links a week after they were used or expired", async () => {
    const who = await account();
    const token = (tokenHash: string, fields: Partial<typeof authTokens.$inferInsert>) => ({
      tokenHash,
      userId: who,
      purpose: "reset_password" as const,
      expiresAt: new Date(now().getTime() + DAY_MS),
      ...fields,
    });
    await h.db
      .insert(authTokens)
      .values([
        token("used-long-ago", { usedAt: past(RETENTION_MS.spentAuthTokens) }),
        token("expired-long-ago", { expiresAt: past(RETENTION_MS.spentAuthTokens) }),
        token("used-lately", { usedAt: inside(RETENTION_MS.spentAuthTokens) }),
        token("expired-lately", { expiresAt: inside(RETENTION_MS.spentAuthTokens) }),
        token("valid", {}),
      ]);
    expect(await cleanUp()).toMatchObject({ spentAuthTokens: 2 });
    const left = await h.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(left.map((t) => t.hash).sort()).toEqual(["expired-lately", "used-lately", "valid"]);
  });

  it("deletes accounts never confirmed 30 days after sign-up, unless they belong to a group or confirmation is off", async () => {
    const old = past(RETENTION_MS.unconfirmedAccounts);
    const gone = await account({ emailVerifiedAt: null, createdAt: old });
    const recent = await account({ emailVerifiedAt: null, createdAt: inside(RETENTION_MS.unconfirmedAccounts) });
    const confirmed = await account({ createdAt: old });
    const member = await account({ emailVerifiedAt: null, createdAt: old });
    await groupOf(member);
    const suspended = await account({ emailVerifiedAt: null, createdAt: old, suspendedAt: old });

    expect(await cleanUp(false)).not.toHaveProperty("unconfirmedAccounts");
    expect(await h.db.$count(users)).toBe(5);
    expect(await cleanUp(true)).toMatchObject({ unconfirmedAccounts: 1 });
    const left = (await h.db.select({ id: users.id }).from(users)).map((u) => u.id);
    expect(left.sort()).toEqual([recent, confirmed, member, suspended].sort());
    expect(left).not.toContain(gone);
  });

  it("deletes the send log after 90 days", async () => {
    await h.db.insert(emailSendLog).values([
      { emailType: "old", createdAt: past(RETENTION_MS.sendLog) },
      { emailType: "recent", createdAt: inside(RETENTION_MS.sendLog) },
    ]);
    expect(await cleanUp()).toMatchObject({ sendLog: 1 });
    expect(await h.db.select({ type: emailSendLog.emailType }).from(emailSendLog)).toEqual([{ type: "recent" }]);
  });

  it("deletes join requests the owner never answered after 30 days", async () => {
    const groupId = await groupOf(await account());
    const [asker, patient] = [await account(), await account()];
    await h.db.insert(groupJoinRequests).values([
      { groupId, userId: asker, createdAt: past(RETENTION_MS.joinRequests) },
      { groupId, userId: patient, createdAt: inside(RETENTION_MS.joinRequests) },
    ]);
    expect(await cleanUp()).toMatchObject({ joinRequests: 1 });
    expect(await h.db.select({ userId: groupJoinRequests.userId }).from(groupJoinRequests)).toEqual([
      { userId: patient },
    ]);
  });

  it("deletes invitations 30 days after they were used or expired, and keeps pending ones", async () => {
    const owner = await account();
    const groupId = await groupOf(owner);
    const invite = (email: string, fields: Partial<typeof invites.$inferInsert>) => ({
      groupId,
      email,
      tokenHash: email,
      invitedBy: owner,
      expiresAt: new Date(now().getTime() + DAY_MS),
      ...fields,
    });
    const period = RETENTION_MS.pastInvitations;
    await h.db
      .insert(invites)
      .values([
        invite("used-long-ago", { usedAt: past(period), outcome: "accepted", expiresAt: past(period) }),
        invite("declined-long-ago", { usedAt: past(period), outcome: "declined" }),
        invite("expired-long-ago", { expiresAt: past(period) }),
        invite("used-lately", { usedAt: inside(period), outcome: "accepted" }),
        invite("expired-lately", { expiresAt: inside(period) }),
        invite("pending", {}),
      ]);
    expect(await cleanUp()).toMatchObject({ pastInvitations: 3 });
    const left = await h.db.select({ email: invites.email }).from(invites);
    expect(left.map((i) => i.email).sort()).toEqual(["expired-lately", "pending", "used-lately"]);
  });

  it("keeps feedback and the admin audit log, however old", async () => {
    const longAgo = new Date(now().getTime() - 3 * 365 * DAY_MS);
    await h.db.insert(feedback).values({ email: "f@example.com", message: "Thanks", createdAt: longAgo });
    const admin = await account();
    await h.db.insert(adminAudit).values({
      adminId: admin,
      adminLabel: "Admin",
      action: "user_suspended",
      subjectId: admin,
      subjectLabel: "Someone",
      createdAt: longAgo,
    });
    await cleanUp();
    expect(await h.db.$count(feedback)).toBe(1);
    expect(await h.db.$count(adminAudit)).toBe(1);
  });
});
