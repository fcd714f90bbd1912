import { users, type Executor } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { enqueueEmail } from "../mail/outbox";
import { newRequestPayload, requestUpdatePayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreConfig } from "../shared/config";
import type { JobQueue } from "../shared/jobs";
import { displayNameInGroup } from "../shared/display-name";
import { channelOnSql, newRequestRecipients } from "./preferences";
import { requestChangedEmail, requestPostedEmail, type NotificationLinks, type RequestChange, type RequestSummary } from "./templates";

const helperUser = alias(users, "helper_user");

/**
 * The page of one request (issue 16): "I can help" focused for a neighbour who can claim it, the
 * helper's buttons for its helper. E-mails sent before it link to `/?request=`, which still works.
 */
export function requestUrl(config: CoreConfig, requestId: string): string {
  return `${config.appUrl}/requests/${encodeURIComponent(requestId)}`;
}

export function notificationLinks(config: CoreConfig): NotificationLinks {
  return { preferencesUrl: `${config.appUrl}/profile`, timeZone: config.timeZone ?? "UTC" };
}

export function summaryOf(config: CoreConfig, request: RequestView): RequestSummary {
  return {
    itemDescription: request.itemDescription,
    groupName: request.groupName,
    neededBy: request.neededBy,
    storePreference: request.storePreference,
    pickupNotes: request.pickupNotes,
    url: requestUrl(config, request.id),
  };
}

/** A person's own name, never the address a display name falls back to: pushes pass through the browser vendor. */
function ownNameSql(userId: string) {
  return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
}

/**
 * The posting notice (SPEC §9, issue 4): to every member of the request's group who hears of its new
 * requests at once (preferences.ts), except the poster: an e-mail, and a push to each device, as their
 * channels say. Runs in the caller's transaction, so both go out if and only if that change commits.
 * Returns how many members were told.
 */
export async function enqueuePostingNotices(tx: Executor, config: CoreConfig, request: RequestView, now: Date, jobs?: JobQueue): Promise<number> {
  const recipients = await newRequestRecipients(tx, request.groupId, request.userId);
  const summary = summaryOf(config, request);
  const links = notificationLinks(config);
  let told = 0;
  let pushPayload: ReturnType<typeof newRequestPayload> | null = null;
  for (const recipient of recipients) {
    let reached = false;
    if (recipient.channels.push && jobs) {
      if (!pushPayload) {
        const [poster] = await tx.select({ name: users.name }).from(users).where(eq(users.id, request.userId));
        pushPayload = newRequestPayload({ ...summary, requestId: request.id }, poster?.name ?? "");
      }
      reached = (await queuePush(tx, jobs, { userId: recipient.userId, event: `posted:${request.id}:${now.getTime()}`, payload: pushPayload })) > 0;
    }
    if (!recipient.channels.email) {
      if (reached) told++;
      continue;
    }
    told++;
    await enqueueEmail(tx, now, {
      ...requestPostedEmail(recipient.email, { posterName: request.creator.name, request: summary }, links),
      type: "request_posted",
      userId: recipient.userId,
      requestIds: [request.id],
    });
  }
  return told;
}

/**
 * To the requester when a neighbour claims, unclaims or fulfils it: an e-mail if their "request updates"
 * e-mails are on, a push to each device if its push is on. Returns whether the e-mail was queued.
 */
export async function enqueueChangeNotice(
  tx: Executor,
  config: CoreConfig,
  change: { kind: RequestChange; request: RequestView; helperId: string },
  now: Date,
  jobs?: JobQueue,
): Promise<boolean> {
  const [owner] = await tx
    .select({
      email: users.email,
      wanted: channelOnSql(users.id, "request_updates", "email"),
      helperName: sql<string | null>`(select ${displayNameInGroup(helperUser, change.request.groupId, change.request.userId)} from ${users} ${sql.identifier("helper_user")} where ${helperUser.id} = ${change.helperId})`,
      helperOwnName: ownNameSql(change.helperId),
    })
    .from(users)
    .where(eq(users.id, change.request.userId));
  if (!owner) return false;
  await queuePush(tx, jobs, {
    userId: change.request.userId,
    event: `${change.kind}:${change.request.id}:${now.getTime()}`,
    payload: requestUpdatePayload(change.kind, { ...summaryOf(config, change.request), requestId: change.request.id }, owner.helperOwnName ?? ""),
  });
  if (!owner.wanted) return false;
  await enqueueEmail(tx, now, {
    ...requestChangedEmail(
      owner.email,
      { kind: change.kind, helperName: owner.helperName ?? "", request: summaryOf(config, change.request) },
      notificationLinks(config),
    ),
    type: `request_${change.kind}`,
    userId: change.request.userId,
    requestIds: [change.request.id],
  });
  return true;
}
