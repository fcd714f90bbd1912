import { groupMembers, groups, tripGroups, users, type Executor } from "@hyn/db";
import { asc, eq } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { tripAnnouncedEmail } from "../mail/templates";
import { notificationLinks } from "../notifications/immediate";
import { tripRecipients } from "../preferences/notification-preferences";
import { tripAnnouncedPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreConfig } from "../shared/config";
import type { JobQueue } from "../shared/jobs";
import type { UnsubscribeLinks } from "../unsubscribe/links";

/** `${APP_URL}/trips/<id>`: the trip's page, where neighbours add items. */
export function tripUrl(config: CoreConfig, tripId: string): string {
  return `${config.appUrl}/trips/${encodeURIComponent(tripId)}`;
}

/**
 * The announcement of a new trip (issue 28, the "trips" kind): to each member of its groups the rule in
 * notification-preferences.ts (`tripRecipients`) tells at once, an e-mail and a push per device, as their
 * channels say. Runs in the caller's transaction, so it goes out if and only if the trip is announced.
 * Returns how many members were told.
 */
export async function enqueueTripNotices(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  trip: { id: string; tripperId: string; store: string; departsAt: Date; closesAt: Date; note: string | null },
  now: Date,
  jobs?: JobQueue,
): Promise<number> {
  const recipients = await tripRecipients(tx, trip);
  if (recipients.length === 0) return 0;
  const [tripper] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, trip.tripperId));
  // The group a recipient shares with the trip, named in the push: the first by name of theirs.
  const groupOf = new Map<string, string>();
  const shared = await tx
    .select({ userId: groupMembers.userId, name: groups.name })
    .from(tripGroups)
    .innerJoin(groups, eq(groups.id, tripGroups.groupId))
    .innerJoin(groupMembers, eq(groupMembers.groupId, tripGroups.groupId))
    .where(eq(tripGroups.tripId, trip.id))
    .orderBy(asc(groups.name));
  for (const row of shared) if (!groupOf.has(row.userId)) groupOf.set(row.userId, row.name);
  const url = tripUrl(config, trip.id);
  const payloads = new Map<string, ReturnType<typeof tripAnnouncedPayload>>();
  let told = 0;
  for (const recipient of recipients) {
    let reached = false;
    const groupName = groupOf.get(recipient.userId) ?? "";
    if (recipient.channels.push && jobs) {
      const key = `${recipient.locale}:${groupName}`;
      let payload = payloads.get(key);
      if (!payload) {
        // A push shows a person's own name only, never the address a display name can fall back to.
        payload = tripAnnouncedPayload(
          { tripId: trip.id, store: trip.store, groupName, url },
          tripper?.name ?? "",
          recipient.locale,
        );
        payloads.set(key, payload);
      }
      reached = (await queuePush(tx, jobs, { userId: recipient.userId, event: `trip:${trip.id}`, payload })) > 0;
    }
    if (!recipient.channels.email) {
      if (reached) told++;
      continue;
    }
    told++;
    const links = notificationLinks(config, unsubscribe, recipient.userId, { kind: "trips" }, recipient.locale);
    const tripperName = tripper?.name?.trim() || tripper?.email || "";
    await enqueueEmail(tx, now, {
      ...tripAnnouncedEmail(
        recipient.email,
        { tripperName, store: trip.store, departsAt: trip.departsAt, closesAt: trip.closesAt, note: trip.note, url },
        links,
      ),
      type: "trip_announced",
      userId: recipient.userId,
    });
  }
  return told;
}
