import { groupLinks, groupMembers, groups, offlineMembers, requests, tripGroups, trips, users } from "@hyn/db";
import type { NoticeSheet } from "@hyn/validators";
import { NOTICE_SHEET_DAYS, NOTICE_SHEET_MAX_NEEDS, NOTICE_SHEET_MAX_TRIPS } from "@hyn/validators/policy";
import { and, asc, desc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import { joinUrl, live } from "../group-links/link-reads";
import { groupLinkToken, loadGroupLinkKey } from "../group-links/tokens";
import { tripVisibleTo } from "../request-views/trips";
import { noBlockBetween } from "../shared/blocks";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";

/** How a person is named on a sheet pinned where anyone passes: the first word of their name only, "" for none. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? "";
}

/**
 * The facts of a group's notice-board sheet (issue 42 §2), for its members only (404 for no group, 403 for
 * anyone else, as GET /groups/{id}/members): what is needed within NOTICE_SHEET_DAYS, the trips coming up
 * (each as the reader may see it: no one's across a block), the group's newest live link for the QR code
 * (none is made: printing changes nothing) and whom to ask, the owner.
 */
export async function noticeSheetOf(deps: CoreDeps, viewerId: string, groupId: string): Promise<NoticeSheet> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const [group] = await db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      ownerName: users.name,
      ownerPhone: users.phone,
      isMember: sql<boolean>`exists (select 1 from ${groupMembers} m where m.group_id = ${groups.id} and m.user_id = ${viewerId})`,
    })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.createdBy))
    .where(eq(groups.id, groupId));
  if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
  if (!group.isMember) throw new AppError("FORBIDDEN", "notMember");

  const [needs, upcoming, link] = await Promise.all([
    db
      .select({
        id: requests.id,
        item: requests.itemDescription,
        quantity: requests.quantity,
        requesterName: users.name,
        neighbourName: offlineMembers.name,
        neededBy: requests.neededBy,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(requests)
      .innerJoin(users, eq(users.id, requests.userId))
      .leftJoin(offlineMembers, eq(offlineMembers.id, requests.onBehalfOf))
      .where(
        and(
          eq(requests.groupId, groupId),
          eq(requests.status, "open"),
          gt(requests.neededBy, now),
          lte(requests.neededBy, new Date(now.getTime() + NOTICE_SHEET_DAYS * DAY_MS)),
          noBlockBetween(viewerId, requests.userId),
        ),
      )
      .orderBy(asc(requests.neededBy), asc(requests.id))
      .limit(NOTICE_SHEET_MAX_NEEDS),
    db
      .select({ id: trips.id, store: trips.store, departsAt: trips.departsAt, tripperName: users.name })
      .from(trips)
      .innerJoin(tripGroups, and(eq(tripGroups.tripId, trips.id), eq(tripGroups.groupId, groupId)))
      .innerJoin(users, eq(users.id, trips.tripperId))
      .where(and(ne(trips.status, "cancelled"), gt(trips.departsAt, now), tripVisibleTo(viewerId)))
      .orderBy(asc(trips.departsAt), asc(trips.id))
      .limit(NOTICE_SHEET_MAX_TRIPS),
    // A paused link (its maker suspended) would only refuse whoever scans it: the sheet leaves it out.
    db
      .select({ id: groupLinks.id })
      .from(groupLinks)
      .innerJoin(users, eq(users.id, groupLinks.createdBy))
      .where(and(eq(groupLinks.groupId, groupId), live(now), isNull(users.suspendedAt)))
      .orderBy(desc(groupLinks.createdAt), desc(groupLinks.id))
      .limit(1)
      .then((rows) => rows[0]),
  ]);

  return {
    group: { id: group.id, name: group.name, description: group.description },
    needs: needs.map((need) => ({
      id: need.id,
      item: need.item,
      quantity: need.quantity,
      // Posted for a neighbour without the app: the sheet names them, whom the item is for.
      forWhom: need.neighbourName ?? firstName(need.requesterName),
      neededBy: need.neededBy,
    })),
    moreNeeds: Math.max(0, (needs[0]?.total ?? 0) - needs.length),
    trips: upcoming.map((trip) => ({
      id: trip.id,
      store: trip.store,
      departsAt: trip.departsAt,
      tripper: firstName(trip.tripperName),
    })),
    joinUrl: link ? joinUrl(config, groupLinkToken(await loadGroupLinkKey(db), link.id)) : null,
    contact: { name: firstName(group.ownerName), phone: group.ownerPhone?.trim() || null },
  };
}
