/**
 * The authorization sweep's table (issue 5): for every procedure, what an outsider, a non-owner
 * member and a member on either side of a block with the owner (issue 38) must get, and an admin for
 * the admin's procedures. The other roles follow from these by the product's rules (`expectationFor`):
 * a member the owner removed is an outsider again, an admin is an outsider to the groups they are not
 * in, and a suspended account's sessions are over. Shared by the tRPC sweep (packages/api/test) and
 * the REST sweep (apps/server/test).
 * Which procedures exist, which are public and which are the admin's is read from the router
 * (procedure-catalog.ts).
 */
import { createECDH, randomBytes } from "node:crypto";
import { DAY_MS } from "@hyn/core";
import { TRPCError } from "@trpc/server";
import type { createCaller } from "./root";

/**
 * denied: 403 or 404. conflict: 409, as for a request someone else took (a claim across a block, which
 * gives nothing away). own: succeeds on the caller's own data. allowed: succeeds (membership is enough).
 * skip: proven in its own tests (destructive or link-based).
 */
export type Expect = "denied" | "conflict" | "own" | "allowed" | "skip";
export interface World {
  groupId: string;
  ownerId: string;
  memberId: string;
  openRequestId: string;
  claimableRequestId: string;
  claimedByOwnerRequestId: string;
  /** The owner's request, claimed and fulfilled by the member: only the owner may thank for it. */
  fulfilledByMemberRequestId: string;
  invitationId: string;
  invitationToken: string;
  /** The owner's trip (issue 28), with one item of the member's on it. */
  tripId: string;
  tripItemRequestId: string;
  /** The owner's weekly request (issue 28 §2) and its current occurrence. */
  seriesId: string;
  seriesRequestId: string;
  /** A neighbour without the app the owner added (issue 42 §1): the owner is their contact. */
  offlineMemberId: string;
  /** The neighbour's open report of the member's request (issue 43): the owner alone may answer it, besides admins. */
  groupReportId: string;
  /** The member's open report of the owner (a person, not a request): what the sweep's admin dismisses. */
  adminReportId: string;
  /** What the sweep's admin suspends, reinstates and removes, so the rest of the world stays for the other calls. */
  bystanderId: string;
  spareRequestId: string;
  spareGroupId: string;
}
export interface Entry {
  input?: (w: World) => unknown;
  outsider: Expect;
  member: Expect;
  /**
   * A member of the group with a block between them and the owner (PRODUCT "Blocking"), swept once for
   * each direction: what reads or acts on the owner's content is refused as if it did not exist, and
   * no answer they get names any of it (`ownersContentIn`).
   */
  blocked: Expect;
  /**
   * What an admin outside the group gets from an admin procedure (meta `admin`); required there and
   * nowhere else, since on any other procedure an admin is whoever else they are (`expectationFor`).
   */
  admin?: Expect;
}

/**
 * The roles the sweep calls every procedure as. "blocked" is the neighbour on either side of a block
 * with the owner; "removed" a member the owner removed; "suspended" a member an admin suspended,
 * calling with a session a sign-in racing the suspension made; "admin" an admin in no group of the world's.
 */
export const SWEEP_ROLES = ["outsider", "removed", "suspended", "admin", "member"] as const;
export type SweepRole = (typeof SWEEP_ROLES)[number];

/** What a role must get from a procedure, by the product's rules, or "signed out" where no session may act. */
export function expectationFor(
  role: SweepRole,
  entry: Entry,
  meta: { public?: boolean; admin?: boolean },
): Expect | "signed out" {
  switch (role) {
    case "outsider":
      return entry.outsider;
    case "member":
      return entry.member;
    // PRODUCT "Departures": what a departure leaves behind goes with them; they may come back only as
    // anyone else does (a link, an invitation), so until then the group is as closed to them as to an outsider.
    case "removed":
      return entry.outsider;
    // PRODUCT "Suspension": a suspension ends the account's sessions at once, and a page still open is
    // signed out at its next call; a public procedure answers them as it answers anyone signed out.
    case "suspended":
      return meta.public ? "skip" : "signed out";
    // PRODUCT "Who may do what": admins read the metrics, the reports and the audit log, and suspend,
    // reinstate or remove; nothing lets them into a group's content, so elsewhere they are an outsider.
    case "admin":
      if (!meta.admin) return entry.outsider;
      if (!entry.admin) throw new Error("an admin procedure's entry says what the admin gets");
      return entry.admin;
  }
}

/** The address the sweep's admin signs up with: the sweeps' set-ups list it as the app's ADMIN_EMAILS. */
export const SWEEP_ADMIN_EMAIL = "sweep-admin@example.com";

const future = () => new Date(Date.now() + 3 * DAY_MS);
/** A subscription as a browser gives it (a fresh P-256 key, a 16-byte secret), on the tests' loopback push service. */
const browserSubscription = () => ({
  endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString("hex")}`,
  keys: {
    p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  },
  label: "Sweep browser",
});
export const SWEEP: Record<string, Entry> = {
  "auth.signUp": {
    input: () => ({ email: `sweep-${Math.random()}@example.com`, password: "sweep-secret-1" }),
    outsider: "skip",
    member: "skip",
    blocked: "skip",
  },
  "auth.signIn": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.signOut": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.resendConfirmation": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.verifyEmail": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.requestPasswordReset": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.checkResetToken": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.completePasswordReset": { outsider: "skip", member: "skip", blocked: "skip" },
  "auth.updatePassword": {
    input: () => ({ password: "another-sweep-secret" }),
    outsider: "skip",
    member: "skip",
    blocked: "skip",
  },
  "auth.passwordChange": { outsider: "own", member: "own", blocked: "own" },
  "user.me": { outsider: "own", member: "own", blocked: "own" },
  "user.current": { outsider: "own", member: "own", blocked: "own" },
  "user.byId": { input: (w) => ({ id: w.ownerId }), outsider: "denied", member: "allowed", blocked: "allowed" },
  "user.batch": { input: (w) => ({ userIds: [w.ownerId] }), outsider: "own", member: "allowed", blocked: "allowed" },
  "user.updateProfile": {
    input: () => ({ name: "Swept", phone: null, generalArea: null }),
    outsider: "own",
    member: "own",
    blocked: "own",
  },
  "user.updateLocale": { input: () => ({ locale: "en" }), outsider: "own", member: "own", blocked: "own" },
  "user.emailPreferences": { outsider: "own", member: "own", blocked: "own" },
  "user.updateEmailPreferences": {
    input: () => ({ frequency: "daily" }),
    outsider: "own",
    member: "own",
    blocked: "own",
  },
  "user.answerNotificationsQuestion": {
    input: () => ({ frequency: null }),
    outsider: "own",
    member: "own",
    blocked: "own",
  },
  "user.notificationPreferences": { outsider: "own", member: "own", blocked: "own" },
  "user.updateNotificationKind": {
    input: () => ({ kind: "thanks", push: false }),
    outsider: "own",
    member: "own",
    blocked: "own",
  },
  "user.updateGroupNotifications": {
    input: (w) => ({ groupId: w.groupId, frequency: "off" }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "user.exportData": { outsider: "own", member: "own", blocked: "own" },
  "user.deleteAccount": {
    input: () => ({ password: "not-the-password" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "feedback.send": {
    input: () => ({ email: "sweep@example.com", message: "hi" }),
    outsider: "own",
    member: "own",
    blocked: "own",
  },
  "admin.metrics": { outsider: "denied", member: "denied", blocked: "denied", admin: "allowed" },
  // Link-based (the signed token is the authority): proven in unsubscribe tests.
  "unsubscribe.describe": { outsider: "skip", member: "skip", blocked: "skip" },
  "unsubscribe.confirm": { outsider: "skip", member: "skip", blocked: "skip" },
  "unsubscribe.stopAll": { outsider: "skip", member: "skip", blocked: "skip" },
  "system.info": { outsider: "own", member: "own", blocked: "own" },
  "push.vapidPublicKey": { outsider: "own", member: "own", blocked: "own" },
  "push.devices": { outsider: "own", member: "own", blocked: "own" },
  "push.subscribe": { input: () => browserSubscription(), outsider: "own", member: "own", blocked: "own" },
  "push.unsubscribe": {
    input: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groups.create": { input: () => ({ name: "Sweep group" }), outsider: "own", member: "own", blocked: "own" },
  "groups.list": { outsider: "own", member: "own", blocked: "own" },
  "groups.members": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  // Issue 41 §4: the owner's only.
  "groups.health": { input: (w) => ({ groupId: w.groupId }), outsider: "denied", member: "denied", blocked: "denied" },
  // Issue 43: a dry run of the caller's own departure, rolled back (the sweep's later calls find them still a member).
  "groups.leavePreview": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "own",
    blocked: "own",
  },
  // Issue 42 §2: the notice-board sheet, its facts and its PDF, for the group's members; across a block,
  // without the other's requests and trips (ownersContentIn).
  "groups.sheet": { input: (w) => ({ groupId: w.groupId }), outsider: "denied", member: "allowed", blocked: "allowed" },
  "groups.sheetPdf": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "groups.leave": { input: (w) => ({ groupId: w.groupId }), outsider: "denied", member: "skip", blocked: "skip" },
  "groups.update": {
    input: (w) => ({ groupId: w.groupId, description: "Swept" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groups.removeMember": {
    input: (w) => ({ groupId: w.groupId, userId: w.ownerId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groups.transferOwnership": {
    input: (w) => ({ groupId: w.groupId, userId: w.memberId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.create": {
    input: (w) => ({ groupId: w.groupId, email: "someone-else@example.com" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.createMany": {
    input: (w) => ({ groupId: w.groupId, emails: ["someone-else@example.com"] }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.validate": {
    input: (w) => ({ token: w.invitationToken }),
    outsider: "allowed",
    member: "allowed",
    blocked: "allowed",
  },
  // An e-mailed link joins only the account it was sent to (dana@example.com): anyone else is refused.
  "invitations.joinByToken": {
    input: (w) => ({ token: w.invitationToken }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.pending": { outsider: "own", member: "own", blocked: "own" },
  "invitations.outgoing": { outsider: "own", member: "own", blocked: "own" },
  "invitations.count": { outsider: "own", member: "own", blocked: "own" },
  "invitations.cancel": {
    input: (w) => ({ id: w.invitationId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.accept": {
    input: (w) => ({ id: w.invitationId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.decline": {
    input: (w) => ({ id: w.invitationId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "invitations.resend": {
    input: (w) => ({ inviteToken: w.invitationToken, recipientEmail: "dana@example.com" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  // The group link (issue 27): owner only ("Only group creators can send invites"); the join page is public.
  "groupLinks.create": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groupLinks.list": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groupLinks.revoke": {
    input: (w) => ({ groupId: w.groupId, linkId: "00000000-0000-4000-8000-000000000000" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groupLinks.revokeJoiningAtOnce": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  // Issue 43: one's own requests to join, and taking one back (nobody else's: a group they did not ask is not found).
  "groupLinks.waiting": { outsider: "own", member: "own", blocked: "own" },
  "groupLinks.withdraw": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groupLinks.joinPage": {
    input: (w) => ({ token: w.invitationToken }),
    outsider: "allowed",
    member: "allowed",
    blocked: "allowed",
  },
  "groupLinks.preview": {
    input: (w) => ({ token: w.invitationToken }),
    outsider: "allowed",
    member: "allowed",
    blocked: "allowed",
  },
  "groupLinks.joinRequests": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groupLinks.incomingJoinRequests": { outsider: "own", member: "own", blocked: "own" },
  "groupLinks.approve": {
    input: (w) => ({ groupId: w.groupId, joinRequestId: "00000000-0000-4000-8000-000000000000" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "groupLinks.decline": {
    input: (w) => ({ groupId: w.groupId, joinRequestId: "00000000-0000-4000-8000-000000000000" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "limits.get": { outsider: "own", member: "own", blocked: "own" },
  "limits.update": {
    input: (w) => ({ userId: w.memberId, maxOpenRequests: 50 }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
    admin: "allowed",
  },
  "limits.counts": { outsider: "own", member: "own", blocked: "own" },
  "limits.withCounts": { outsider: "own", member: "own", blocked: "own" },
  "limits.canCreateGroup": { outsider: "own", member: "own", blocked: "own" },
  "limits.canJoinGroup": { outsider: "own", member: "own", blocked: "own" },
  "limits.canCreateRequest": { outsider: "own", member: "own", blocked: "own" },
  "requests.create": {
    input: (w) => ({ groupId: w.groupId, itemDescription: "Swept milk", neededBy: future() }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "requests.mine": { outsider: "own", member: "own", blocked: "own" },
  "requests.forGroup": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "requests.dashboard": { outsider: "own", member: "own", blocked: "own" },
  "requests.byId": {
    input: (w) => ({ id: w.openRequestId }),
    outsider: "denied",
    member: "allowed",
    blocked: "denied",
  },
  "requests.claim": {
    input: (w) => ({ id: w.claimableRequestId }),
    outsider: "denied",
    member: "allowed",
    blocked: "conflict",
  },
  "requests.unclaim": {
    input: (w) => ({ id: w.claimedByOwnerRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requests.fulfill": {
    input: (w) => ({ id: w.claimedByOwnerRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requests.remove": {
    input: (w) => ({ id: w.openRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requests.notify": {
    input: (w) => ({ id: w.openRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requests.thank": {
    input: (w) => ({ id: w.fulfilledByMemberRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requests.onChange": { outsider: "skip", member: "skip", blocked: "skip" },
  "requests.calendar": {
    input: (w) => ({ id: w.openRequestId }),
    outsider: "denied",
    member: "allowed",
    blocked: "denied",
  },
  // Issue 41 §2: a person's own resting switch and own month; neither takes anyone else's id.
  "user.updateAlwaysAtOnce": {
    input: () => ({ alwaysAtOnce: true }),
    outsider: "own",
    member: "own",
    blocked: "own",
  },
  "user.myMonth": { outsider: "own", member: "own", blocked: "own" },
  "user.calendarFeed": { outsider: "own", member: "own", blocked: "own" },
  "user.regenerateCalendarFeed": { outsider: "own", member: "own", blocked: "own" },
  // A link nobody was given: "Not found" for everyone. Real links: calendar-feed.test.ts.
  "calendar.feed": {
    input: () => ({ token: "a".repeat(32) }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  // Issue 29: only someone sharing a group can be blocked; the member's block is lifted by the next
  // entry at once (the sweeps run in this order), so it changes nothing else the sweep calls.
  "blocks.block": { input: (w) => ({ id: w.ownerId }), outsider: "denied", member: "allowed", blocked: "allowed" },
  "blocks.unblock": { input: (w) => ({ id: w.ownerId }), outsider: "denied", member: "allowed", blocked: "skip" },
  "blocks.list": { outsider: "own", member: "own", blocked: "own" },
  // Reports (issue 29): a member may report a neighbour's request in their group; an outsider cannot see it.
  "reports.create": {
    input: (w) => ({ subject: { requestId: w.openRequestId }, groupId: w.groupId, category: "spam" }),
    outsider: "denied",
    member: "allowed",
    blocked: "denied",
  },
  // Issue 43: the owner sees and answers reports about requests in their group; anyone else's queue is
  // empty and their answer "Report not found" (an owner of another group: reports.test's own test).
  "reports.groupQueue": { outsider: "own", member: "own", blocked: "own" },
  "reports.dismissInGroup": {
    input: (w) => ({ id: w.groupReportId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "reports.removeInGroup": {
    input: (w) => ({ reportId: w.groupReportId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  // The admin's actions (issue 29): "Access denied: Admin privileges required" for everyone else.
  // The admin acts on the bystander and the spare request and group, so what the other calls read stays;
  // suspending comes before reinstating in the router, as the sweeps call them.
  "admin.reports": { outsider: "denied", member: "denied", blocked: "denied", admin: "allowed" },
  "admin.dismissReport": {
    input: (w) => ({ id: w.adminReportId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
    admin: "allowed",
  },
  "admin.suspendUser": {
    input: (w) => ({ id: w.bystanderId, reason: "Sweep" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
    admin: "allowed",
  },
  "admin.reinstateUser": {
    input: (w) => ({ id: w.bystanderId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
    admin: "allowed",
  },
  "admin.removeRequest": {
    input: (w) => ({ id: w.spareRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
    admin: "allowed",
  },
  "admin.removeGroup": {
    input: (w) => ({ id: w.spareGroupId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
    admin: "allowed",
  },
  "admin.audit": { outsider: "denied", member: "denied", blocked: "denied", admin: "allowed" },
  // Trips (issue 28): seen by the members of their groups; changed by the tripper alone.
  "trips.create": {
    input: (w) => ({ groupIds: [w.groupId], store: "Sweep Market", departsAt: future() }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "trips.list": { outsider: "own", member: "own", blocked: "own" },
  "trips.byId": { input: (w) => ({ tripId: w.tripId }), outsider: "denied", member: "allowed", blocked: "denied" },
  "trips.addItem": {
    input: (w) => ({ tripId: w.tripId, itemDescription: "Sweep apples" }),
    outsider: "denied",
    member: "allowed",
    blocked: "denied",
  },
  "trips.close": { input: (w) => ({ tripId: w.tripId }), outsider: "denied", member: "denied", blocked: "denied" },
  "trips.reopen": { input: (w) => ({ tripId: w.tripId }), outsider: "denied", member: "denied", blocked: "denied" },
  "trips.cancel": { input: (w) => ({ tripId: w.tripId }), outsider: "denied", member: "denied", blocked: "denied" },
  "trips.markItem": {
    input: (w) => ({ tripId: w.tripId, requestId: w.tripItemRequestId, state: "got" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "trips.deliver": {
    input: (w) => ({ tripId: w.tripId, userId: w.memberId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "trips.take": {
    input: (w) => ({ tripId: w.tripId, requestIds: [w.openRequestId] }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "trips.skipNext": { input: (w) => ({ tripId: w.tripId }), outsider: "denied", member: "denied", blocked: "denied" },
  "trips.calendar": { input: (w) => ({ tripId: w.tripId }), outsider: "denied", member: "allowed", blocked: "denied" },
  // Repeating requests (issue 28 §2): seen by the group's members; changed by the requester; taken by a member.
  "requestSeries.byId": {
    input: (w) => ({ id: w.seriesId }),
    outsider: "denied",
    member: "allowed",
    blocked: "denied",
  },
  "requestSeries.skip": {
    input: (w) => ({ id: w.seriesId, requestId: w.seriesRequestId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requestSeries.stop": { input: (w) => ({ id: w.seriesId }), outsider: "denied", member: "denied", blocked: "denied" },
  "requestSeries.update": {
    input: (w) => ({ id: w.seriesId, itemDescription: "Sweep oat milk" }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  "requestSeries.take": {
    input: (w) => ({ id: w.seriesId }),
    outsider: "denied",
    member: "allowed",
    blocked: "denied",
  },
  "requestSeries.release": {
    input: (w) => ({ id: w.seriesId }),
    outsider: "denied",
    member: "skip",
    blocked: "denied",
  },
  // Neighbours without the app (issue 42 §1): any member adds and sees them; their contact or the owner removes one.
  "offlineMembers.add": {
    input: (w) => ({ groupId: w.groupId, name: "Mrs. Sweep", phone: "0151 234 5678" }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "offlineMembers.list": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
  "offlineMembers.remove": {
    input: (w) => ({ groupId: w.groupId, offlineId: w.offlineMemberId }),
    outsider: "denied",
    member: "denied",
    blocked: "denied",
  },
  // Issue 29: a group's rules are accepted by its members only.
  "groups.acceptRules": {
    input: (w) => ({ groupId: w.groupId }),
    outsider: "denied",
    member: "allowed",
    blocked: "allowed",
  },
};

export type CallResult = { ok: true; value: unknown } | { ok: false; code: string };

/** Calls the procedure at a dotted path on a caller; a subscription is read once, which is what starts its checks. */
export async function callProcedure(caller: object, path: string, input: unknown): Promise<CallResult> {
  let fn: unknown = caller;
  for (const key of path.split(".")) fn = (fn as Record<string, unknown>)[key];
  try {
    const result = await (fn as (i: unknown) => Promise<unknown>)(input);
    if (result && typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
      await (result as AsyncIterator<unknown>).next?.();
      return { ok: true, value: null };
    }
    return { ok: true, value: result };
  } catch (error) {
    if (error instanceof TRPCError) return { ok: false, code: error.code };
    throw error;
  }
}

/**
 * What is wrong with an anonymous caller's answer, or null. A procedure whose meta says public must
 * not ask for a session (it may still refuse the input); any other must answer UNAUTHORIZED. So meta
 * and the builder the procedure is made from cannot drift apart unnoticed.
 */
export function anonymousAnswerProblem(isPublic: boolean, result: CallResult): string | null {
  if (isPublic) {
    if (result.ok) return null;
    return result.code === "UNAUTHORIZED" || result.code === "INTERNAL_SERVER_ERROR"
      ? `public in its meta, but answered ${result.code}`
      : null;
  }
  return !result.ok && result.code === "UNAUTHORIZED"
    ? null
    : `not public in its meta, but answered ${result.ok ? "OK" : result.code} without a session`;
}

/** A signed-up user as a test setup gives it (the harness, or the REST sweep's own sign-up). */
export interface SweepUser {
  user: { id: string };
  email: string;
  caller: ReturnType<typeof createCaller>;
}

/** The two ways a block stands between the blocked role's member (the neighbour) and the owner. */
export const BLOCK_DIRECTIONS = ["a member the owner blocked", "a member who blocked the owner"] as const;
export type BlockDirection = (typeof BLOCK_DIRECTIONS)[number];

/** Puts the direction's block in place (again: a sweep call may have lifted it); blocking twice changes nothing. */
export async function placeBlock(direction: BlockDirection, owner: SweepUser, neighbour: SweepUser): Promise<void> {
  const [blocker, blocked] = direction === "a member the owner blocked" ? [owner, neighbour] : [neighbour, owner];
  await blocker.caller.blocks.block({ id: blocked.user.id });
}

/** Lifts every block between the two, whichever way and whoever placed it, so later sweeps see none. */
export async function liftBlocks(owner: SweepUser, neighbour: SweepUser): Promise<void> {
  for (const [by, of] of [
    [owner, neighbour],
    [neighbour, owner],
  ] as const)
    await by.caller.blocks.unblock({ id: of.user.id }).catch(() => undefined);
}

/**
 * The owner's content named in an answer (its text): across a block, none may be. The member's item on
 * the owner's trip is the member's request, shown to the group, and names the trip as its `tripId`.
 */
export function ownersContentIn(world: World, answer: string): string[] {
  const { openRequestId, claimableRequestId, fulfilledByMemberRequestId, tripId, seriesId, seriesRequestId } = world;
  const text = answer.replaceAll(`"tripId":"${tripId}"`, "");
  return [
    openRequestId,
    claimableRequestId,
    fulfilledByMemberRequestId,
    tripId,
    seriesId,
    seriesRequestId,
    world.spareRequestId,
  ].filter((id) => text.includes(id));
}

/** The roles buildSweepWorld signs up besides the owner. */
export interface SweepPeople<U> {
  owner: U;
  member: U;
  neighbour: U;
  outsider: U;
  /** A member the owner removed from the group. */
  removed: U;
  /** A member the admin suspended: their sessions ended with it. */
  suspended: U;
  /** Signed up with SWEEP_ADMIN_EMAIL, in no group of the world's. */
  admin: U;
}

/**
 * Owner with a group, a member, a neighbour (a second member, for the blocked role), an outsider, requests
 * in useful states and a pending invitation; two more members, one removed by the owner and one suspended
 * by the admin. `whileMembers` runs before those two depart, with the world as it will be (a test may
 * read as them there, so what it keeps of their membership, an answer cache say, is proven gone).
 */
export async function buildSweepWorld<U extends SweepUser>(
  h: { signUpUser(options: { name: string; email?: string }): Promise<U> },
  options: { whileMembers?: (world: World, departing: { removed: U; suspended: U }) => Promise<void> } = {},
): Promise<{ world: World } & SweepPeople<U>> {
  const owner = await h.signUpUser({ name: "Owner" });
  const memberUser = await h.signUpUser({ name: "Member" });
  const neighbour = await h.signUpUser({ name: "Neighbour" });
  const outsiderUser = await h.signUpUser({ name: "Outsider" });
  const removed = await h.signUpUser({ name: "Removed" });
  const suspended = await h.signUpUser({ name: "Suspended" });
  const admin = await h.signUpUser({ name: "Admin", email: SWEEP_ADMIN_EMAIL });
  const bystander = await h.signUpUser({ name: "Bystander" });
  const group = await owner.caller.groups.create({ name: "Sweep Street" });
  for (const joining of [memberUser, neighbour, removed, suspended]) {
    const invitation = await owner.caller.invitations.create({ groupId: group.id, email: joining.email });
    await joining.caller.invitations.joinByToken({ token: invitation.token });
  }
  const pending = await owner.caller.invitations.create({ groupId: group.id, email: "dana@example.com" });
  const open = await owner.caller.requests.create({
    groupId: group.id,
    itemDescription: "Owner's bread",
    neededBy: future(),
  });
  const claimable = await owner.caller.requests.create({
    groupId: group.id,
    itemDescription: "Owner's eggs",
    neededBy: future(),
  });
  const spare = await owner.caller.requests.create({
    groupId: group.id,
    itemDescription: "Owner's spare butter",
    neededBy: future(),
  });
  const membersRequest = await memberUser.caller.requests.create({
    groupId: group.id,
    itemDescription: "Member's tea",
    neededBy: future(),
  });
  await owner.caller.requests.claim({ id: membersRequest.id });
  const fulfilled = await owner.caller.requests.create({
    groupId: group.id,
    itemDescription: "Owner's milk",
    neededBy: future(),
  });
  await memberUser.caller.requests.claim({ id: fulfilled.id });
  await memberUser.caller.requests.fulfill({ id: fulfilled.id });
  const trip = await owner.caller.trips.create({
    groupIds: [group.id],
    store: "Sweep Market",
    departsAt: future(),
    repeat: { every: "week" },
  });
  const tripItem = await memberUser.caller.trips.addItem({ tripId: trip.id, itemDescription: "Member's pears" });
  const weekly = await owner.caller.requests.create({
    groupId: group.id,
    itemDescription: "Owner's weekly oat milk",
    neededBy: future(),
    repeat: { every: "week" },
  });
  const offline = await owner.caller.offlineMembers.add({
    groupId: group.id,
    name: "Mrs. Okafor",
    phone: "020 7946 0000",
  });
  const groupReport = await neighbour.caller.reports.create({
    subject: { requestId: membersRequest.id },
    groupId: group.id,
    category: "spam",
  });
  const adminReport = await memberUser.caller.reports.create({
    subject: { userId: owner.user.id },
    groupId: group.id,
    category: "other",
  });
  const spareGroup = await bystander.caller.groups.create({ name: "Spare Street" });
  // What the two who depart leave behind: their own requests, a claim, an item on the owner's trip.
  for (const departing of [removed, suspended]) {
    await departing.caller.requests.create({
      groupId: group.id,
      itemDescription: `${departing === removed ? "Removed" : "Suspended"}'s soap`,
      neededBy: future(),
    });
    await departing.caller.trips.addItem({ tripId: trip.id, itemDescription: "Departing plums" });
  }
  await removed.caller.requests.claim({ id: claimable.id });
  await suspended.caller.requestSeries.take({ id: weekly.seriesId! });
  const world: World = {
    groupId: group.id,
    ownerId: owner.user.id,
    memberId: memberUser.user.id,
    openRequestId: open.id,
    claimableRequestId: claimable.id,
    claimedByOwnerRequestId: membersRequest.id,
    fulfilledByMemberRequestId: fulfilled.id,
    invitationId: pending.id,
    invitationToken: pending.token,
    tripId: trip.id,
    tripItemRequestId: tripItem.id,
    seriesId: weekly.seriesId!,
    seriesRequestId: weekly.id,
    offlineMemberId: offline.id,
    groupReportId: groupReport.id,
    adminReportId: adminReport.id,
    bystanderId: bystander.user.id,
    spareRequestId: spare.id,
    spareGroupId: spareGroup.id,
  };
  await options.whileMembers?.(world, { removed, suspended });
  await owner.caller.groups.removeMember({ groupId: group.id, userId: removed.user.id });
  await admin.caller.admin.suspendUser({ id: suspended.user.id, reason: "Sweep" });
  return { world, owner, member: memberUser, neighbour, outsider: outsiderUser, removed, suspended, admin };
}
