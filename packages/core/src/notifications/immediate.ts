import { preparedStatement, requests, users, type Executor } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import { eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { enqueueEmail, enqueueEmails, type QueuedEmail } from "../mail/outbox";
import { admitAnnouncements } from "./announcements";
import { requestUrl } from "../request-views/request-url";
import { newRequestPayload, requestUpdatePayload, thanksPayload } from "../push/payload";
import { queuePush, queuePushes } from "../push/queue";
import type { Locale } from "@hyn/validators/locales";
import type { CoreConfig } from "../shared/config";
import { localeOf } from "../shared/locale";
import type { JobQueue } from "../shared/jobs";
import { displayNameInGroup } from "../shared/display-name";
import type { UnsubscribeLinks } from "../unsubscribe/links";
import type { UnsubscribeScope } from "../unsubscribe/token";
import { channelOnSql, type NewRequestRecipient } from "../preferences/notification-preferences";
import {
  requestChangedEmail,
  requestPostedEmail,
  thanksEmail,
  type NotificationLinks,
  type RequestNotice,
  type RequestSummary,
} from "../mail/templates";

const helperUser = alias(users, "helper_user");

type Id = AnyPgColumn | SQL | string;

/** The links of one recipient's notice, in their language: its unsubscribe link turns off exactly `scope`. */
export function notificationLinks(
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  userId: string,
  scope: UnsubscribeScope,
  locale: Locale,
): NotificationLinks {
  return { unsubscribe: unsubscribe.for(userId, scope), timeZone: config.timeZone ?? "UTC", locale };
}

export function summaryOf(config: CoreConfig, request: RequestView): RequestSummary {
  return {
    itemDescription: request.itemDescription,
    groupName: request.groupName,
    neededBy: request.neededBy,
    storePreference: request.storePreference,
    pickupNotes: request.pickupNotes,
    ifUnavailable: request.ifUnavailable,
    url: requestUrl(config, request.id),
  };
}

/** A person's own name, never the address a display name falls back to: pushes pass through the browser vendor. */
function ownNameSql(userId: string | Placeholder) {
  return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
}

/**
 * The posting notice (PRODUCT "Beyond the screens", issue 4): to every member of the request's group who hears of its new
 * requests at once, except the poster (`recipients`: newRequestAudience in notification-preferences.ts, whose
 * counts the poster is shown): an e-mail, and a push to each device, as their channels say. Runs in the
 * caller's transaction, so both go out if and only if that change commits. Returns how many members were told.
 */
export async function enqueuePostingNotices(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  request: RequestView,
  recipients: readonly NewRequestRecipient[],
  now: Date,
  jobs?: JobQueue,
): Promise<number> {
  // At most twice to the same person, whichever route (issue 43 §4).
  const admitted = await admitAnnouncements(tx, request.id, recipients, now);
  const summary = summaryOf(config, request);
  let told = 0;
  let posterName: string | null = null;
  // One payload per language among the recipients, written once.
  const pushPayloads = new Map<Locale, ReturnType<typeof newRequestPayload>>();
  for (const recipient of admitted) {
    let reached = false;
    if (recipient.channels.push && jobs) {
      if (posterName === null) {
        const [poster] = await tx.select({ name: users.name }).from(users).where(eq(users.id, request.userId));
        posterName = poster?.name ?? "";
      }
      let pushPayload = pushPayloads.get(recipient.locale);
      if (!pushPayload)
        pushPayloads.set(
          recipient.locale,
          (pushPayload = newRequestPayload(
            { ...summary, requestId: request.id, firstInGroup: request.firstInGroup },
            posterName,
            recipient.locale,
          )),
        );
      reached =
        (await queuePush(tx, jobs, {
          userId: recipient.userId,
          event: `posted:${request.id}:${now.getTime()}`,
          payload: pushPayload,
        })) > 0;
    }
    if (!recipient.channels.email) {
      if (reached) told++;
      continue;
    }
    told++;
    // Unsubscribing from a posting notice mutes its group (Off), not every group.
    const links = notificationLinks(
      config,
      unsubscribe,
      recipient.userId,
      { groupId: request.groupId },
      recipient.locale,
    );
    await enqueueEmail(tx, now, {
      ...requestPostedEmail(
        recipient.email,
        { posterName: request.creator.name, request: summary, firstInGroup: request.firstInGroup },
        links,
      ),
      type: "request_posted",
      userId: recipient.userId,
      requestIds: [request.id],
    });
  }
  return told;
}

/** A request changed by a helper, as its requester is told of it. */
export interface RequestChangeNotice {
  kind: RequestNotice;
  request: RequestView;
  helperId: string;
}

/** What a change notice needs of its requester and helper, read in SQL. */
function noticeReaderColumns(helperId: string | Placeholder, groupId: Id, requesterId: Id) {
  return {
    email: users.email,
    locale: users.locale,
    wanted: channelOnSql(users.id, "request_updates", "email"),
    helperName: sql<
      string | null
    >`(select ${displayNameInGroup(helperUser, groupId, requesterId)} from ${users} ${sql.identifier("helper_user")} where ${helperUser.id} = ${helperId})`,
    helperOwnName: ownNameSql(helperId),
  };
}

/** The one requester's reader, built once: read on every claim, unclaim and fulfilment. */
const changeNoticeReader = preparedStatement((executor) => {
  const requesterId = sql.placeholder("requesterId");
  return executor
    .select(noticeReaderColumns(sql.placeholder("helperId"), sql`${sql.placeholder("groupId")}`, sql`${requesterId}`))
    .from(users)
    .where(eq(users.id, requesterId))
    .prepare("change_notice_reader");
});

type NoticeReader = {
  email: string;
  locale: string | null;
  wanted: boolean;
  helperName: string | null;
  helperOwnName: string | null;
};

/** A change notice's push, and its e-mail when the requester's "request updates" e-mails are on. */
function changeNoticeMessages(
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  change: RequestChangeNotice,
  owner: NoticeReader,
  now: Date,
) {
  const ownerLocale = localeOf(owner.locale);
  // Posted for a neighbour without the app (issue 42 §1): the poster is told whom to pass it on to.
  const forNeighbour = change.request.onBehalfOf?.name ?? null;
  const push = {
    userId: change.request.userId,
    event: `${change.kind}:${change.request.id}:${now.getTime()}`,
    payload: requestUpdatePayload(
      change.kind,
      { ...summaryOf(config, change.request), requestId: change.request.id },
      owner.helperOwnName ?? "",
      ownerLocale,
      forNeighbour,
    ),
  };
  const email: QueuedEmail | null = owner.wanted
    ? {
        ...requestChangedEmail(
          owner.email,
          {
            kind: change.kind,
            helperName: owner.helperName ?? "",
            request: summaryOf(config, change.request),
            forNeighbour,
          },
          notificationLinks(config, unsubscribe, change.request.userId, { kind: "request_updates" }, ownerLocale),
        ),
        type: `request_${change.kind}`,
        userId: change.request.userId,
        requestIds: [change.request.id],
      }
    : null;
  return { push, email };
}

/**
 * To the requester when a neighbour claims, unclaims or fulfils it: an e-mail if their "request updates"
 * e-mails are on, a push to each device if its push is on. Returns whether the e-mail was queued.
 */
export async function enqueueChangeNotice(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  change: RequestChangeNotice,
  now: Date,
  jobs?: JobQueue,
): Promise<boolean> {
  const [owner] = await changeNoticeReader(tx).execute({
    groupId: change.request.groupId,
    requesterId: change.request.userId,
    helperId: change.helperId,
  });
  if (!owner) return false;
  const { push, email } = changeNoticeMessages(config, unsubscribe, change, owner, now);
  await queuePush(tx, jobs, push);
  if (!email) return false;
  await enqueueEmail(tx, now, email);
  return true;
}

/**
 * Each requester of many requests one helper changed at once (a trip cancelled or delivered, issue 28)
 * told as enqueueChangeNotice tells one, in a fixed number of statements however many: one read of the
 * requesters, one of their devices (then a job per device), one INSERT of every e-mail, in this order.
 * Returns how many e-mails were queued.
 */
export async function enqueueChangeNotices(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  changes: readonly RequestChangeNotice[],
  now: Date,
  jobs?: JobQueue,
): Promise<number> {
  const helperIds = new Set(changes.map((change) => change.helperId));
  if (helperIds.size === 0) return 0;
  if (helperIds.size > 1) throw new Error("enqueueChangeNotices: one helper's changes at a time");
  const owners = await tx
    .select({ requestId: requests.id, ...noticeReaderColumns([...helperIds][0]!, requests.groupId, requests.userId) })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(
      inArray(
        requests.id,
        changes.map((change) => change.request.id),
      ),
    );
  const ownerOf = new Map(owners.map((owner) => [owner.requestId, owner]));
  const messages = changes.flatMap((change) => {
    const owner = ownerOf.get(change.request.id);
    return owner ? [changeNoticeMessages(config, unsubscribe, change, owner, now)] : [];
  });
  await queuePushes(
    tx,
    jobs,
    messages.map((m) => m.push),
  );
  const emails = messages.flatMap((m) => (m.email ? [m.email] : []));
  await enqueueEmails(tx, now, emails);
  return emails.length;
}

/** To the helper when the requester taps "Thank you": an e-mail if their "thanks" e-mails are on, a push per device if its push is. */
export async function enqueueThanksNotice(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  thanks: { request: RequestView; helperId: string },
  now: Date,
  jobs?: JobQueue,
): Promise<boolean> {
  const [helper] = await tx
    .select({
      email: users.email,
      locale: users.locale,
      wanted: channelOnSql(users.id, "thanks", "email"),
      requesterOwnName: ownNameSql(thanks.request.userId),
    })
    .from(users)
    .where(eq(users.id, thanks.helperId));
  if (!helper) return false;
  // Said by the poster of a request for a neighbour without the app (issue 42 §1): the thanks are theirs.
  const fromNeighbour = thanks.request.onBehalfOf?.name ?? null;
  await queuePush(tx, jobs, {
    userId: thanks.helperId,
    event: `thanked:${thanks.request.id}`,
    payload: thanksPayload(
      { ...summaryOf(config, thanks.request), requestId: thanks.request.id },
      helper.requesterOwnName ?? "",
      localeOf(helper.locale),
      fromNeighbour,
    ),
  });
  if (!helper.wanted) return false;
  await enqueueEmail(tx, now, {
    ...thanksEmail(
      helper.email,
      { requesterName: thanks.request.creator.name, request: summaryOf(config, thanks.request), fromNeighbour },
      notificationLinks(config, unsubscribe, thanks.helperId, { kind: "thanks" }, localeOf(helper.locale)),
    ),
    type: "request_thanked",
    userId: thanks.helperId,
    requestIds: [thanks.request.id],
  });
  return true;
}
