import { quietSinceDays } from "../quiet-members/rule";
import { groupMembers, groups, requests, timestampParam, users } from "@hyn/db";
import type { GroupHealth } from "@hyn/validators";
import { GROUP_HEALTH_DAYS, GROUP_HEALTH_SPARKLINE_WEEKS } from "@hyn/validators/group-health";
import { and, asc, eq, gte } from "drizzle-orm";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { displayNameSql } from "../shared/display-name";

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * DAY_MS;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `part` of `whole` from 0 to 1, to 2 decimals; null when there is no whole. */
export function shareOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100) / 100;
}

/**
 * How many of `times` fall in each of the `weeks` last 7-day spans ending at `now`, oldest first: spans of the
 * reader's own week, not calendar weeks, so no time zone decides where a week starts. Each span holds its start
 * (the last also `now`); times outside are not counted.
 */
export function weeklyBuckets(
  times: readonly Date[],
  now: Date,
  weeks: number,
): { weekStart: Date; requests: number }[] {
  const end = now.getTime();
  const buckets = Array.from({ length: weeks }, (_, i) => ({
    weekStart: new Date(end - (weeks - i) * WEEK_MS),
    requests: 0,
  }));
  const start = end - weeks * WEEK_MS;
  for (const time of times) {
    if (time.getTime() < start || time.getTime() > end) continue;
    buckets[Math.min(weeks - 1, Math.floor((time.getTime() - start) / WEEK_MS))]!.requests++;
  }
  return buckets;
}

/** A member as the health card's quiet rule reads them. */
export interface MemberVisit {
  userId: string;
  name: string;
  lastActiveAt: Date | null;
  joinedAt: Date;
}

/**
 * The health card's quiet members (issue 41 §4): by the one quiet rule (`quiet-members/rule.ts`, PRODUCT "Quiet
 * members"), the same the owner's member list and the e-mail to quiet members read. The longest quiet first.
 */
export function healthQuietMembers(
  members: readonly MemberVisit[],
  now: Date,
): { userId: string; name: string; quietSinceDays: number }[] {
  return members
    .flatMap((member) => {
      const days = quietSinceDays(member.lastActiveAt, now, member.joinedAt);
      return days === null ? [] : [{ userId: member.userId, name: member.name, quietSinceDays: days }];
    })
    .sort((a, b) => b.quietSinceDays - a.quietSinceDays || a.name.localeCompare(b.name));
}

/** A request of the window, as the health figures read it. */
export interface HealthRequest {
  createdAt: Date;
  neededBy: Date;
  status: string;
  claimedBy: string | null;
  firstOfferedAt: Date | null;
}

/** The figures of GET /groups/{id}/health from the group's requests and members (pure, so tested on a fake clock). */
export function groupHealthOf(
  recent: readonly HealthRequest[],
  members: readonly MemberVisit[],
  now: Date,
): GroupHealth {
  const since = now.getTime() - GROUP_HEALTH_DAYS * DAY_MS;
  const inWindow = recent.filter((r) => r.createdAt.getTime() >= since);
  const fulfilled = inWindow.filter((r) => r.status === "fulfilled").length;
  const minutesToFirstOffer = inWindow.flatMap((r) =>
    r.firstOfferedAt ? [(r.firstOfferedAt.getTime() - r.createdAt.getTime()) / MINUTE_MS] : [],
  );
  const median = medianOf(minutesToFirstOffer);
  return {
    requests: inWindow.length,
    fulfilled,
    fulfilledShare: shareOf(fulfilled, inWindow.length),
    medianMinutesToFirstOffer: median === null ? null : Math.round(median),
    // Its needed-by passed and nobody ever offered: one still waiting is not counted yet.
    unoffered: inWindow.filter((r) => r.firstOfferedAt === null && r.neededBy.getTime() <= now.getTime()).length,
    helpers: new Set(
      inWindow.flatMap((r) =>
        r.claimedBy && (r.status === "claimed" || r.status === "fulfilled") ? [r.claimedBy] : [],
      ),
    ).size,
    activeMembers: members.filter((m) => m.lastActiveAt !== null && m.lastActiveAt.getTime() >= since).length,
    quietMembers: healthQuietMembers(members, now),
    weeklyRequests: weeklyBuckets(
      recent.map((r) => r.createdAt),
      now,
      GROUP_HEALTH_SPARKLINE_WEEKS,
    ),
    generatedAt: now,
  };
}

/**
 * GET /api/groups/{id}/health (issue 41 §4): the owner's only; a member is refused (403), as is someone outside the
 * group (403, "not a member", as the group's other reads answer them); a group that does not exist is 404. Two
 * statements: the members with the group's owner, then (the owner only) the requests of the sparkline's weeks,
 * on the index of (group_id, created_at, id).
 */
export async function groupHealth(deps: CoreDeps, userId: string, groupId: string): Promise<GroupHealth> {
  const { db, clock } = deps;
  const now = clock.now();
  const members = await db
    .select({
      userId: groupMembers.userId,
      name: displayNameSql(users),
      lastActiveAt: users.lastActiveAt,
      joinedAt: groupMembers.joinedAt,
      ownerId: groups.createdBy,
    })
    .from(groups)
    .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .leftJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groups.id, groupId))
    .orderBy(asc(groupMembers.joinedAt));
  if (members.length === 0) throw new AppError("NOT_FOUND", "groupNotFound");
  if (members[0]!.ownerId !== userId) {
    throw new AppError("FORBIDDEN", members.some((m) => m.userId === userId) ? "onlyOwnersSeeHealth" : "notMember");
  }
  const from = new Date(now.getTime() - Math.max(GROUP_HEALTH_DAYS * DAY_MS, GROUP_HEALTH_SPARKLINE_WEEKS * WEEK_MS));
  const recent = await db
    .select({
      createdAt: requests.createdAt,
      neededBy: requests.neededBy,
      status: requests.status,
      claimedBy: requests.claimedBy,
      firstOfferedAt: requests.firstOfferedAt,
    })
    .from(requests)
    .where(and(eq(requests.groupId, groupId), gte(requests.createdAt, timestampParam(from))));
  return groupHealthOf(
    recent,
    members.flatMap((m) =>
      m.userId && m.joinedAt
        ? [{ userId: m.userId, name: m.name ?? "", lastActiveAt: m.lastActiveAt, joinedAt: m.joinedAt }]
        : [],
    ),
    now,
  );
}
