import { users, type Executor, type Transaction } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { LockedGroup } from "../groups/membership";
import { enqueueEmail } from "../mail/outbox";
import { joinRequestAnswerEmail, joinRequestEmail, linkJoinEmail } from "../mail/templates";
import { notificationLinks } from "../notifications/immediate";
import { channelsFor } from "../preferences/notification-preferences";
import { joinAnswerPayload, joinRequestPayload, linkJoinPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { localeOf } from "../shared/locale";
import type { UnsubscribeLinks } from "../unsubscribe/links";

async function personOf(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The owner hears of a new join request as their `invitations` setting says: an e-mail, and a push
 * to their devices (with the asker's name, never an address), each when that channel is on.
 */
export async function tellOwner(
  deps: CoreDeps,
  tx: Transaction,
  now: Date,
  group: LockedGroup,
  askerId: string,
  joinRequestId: string,
) {
  const [owner, asker] = [await personOf(tx, group.createdBy), await personOf(tx, askerId)];
  if (!owner || !asker) return;
  const url = `${deps.config.appUrl}/groups?highlight=${group.id}`;
  const locale = localeOf(owner.locale);
  await queuePush(tx, deps.jobs, {
    userId: group.createdBy,
    event: `join-request:${joinRequestId}`,
    payload: joinRequestPayload(group.name, asker.name, url, joinRequestId, locale),
  });
  if (!(await channelsFor(tx, group.createdBy, "invitations")).email) return;
  await enqueueEmail(tx, now, {
    ...joinRequestEmail(
      owner.email,
      { groupName: group.name, askerName: displayName(asker.name, asker.email), url },
      locale,
    ),
    type: "join_request",
    userId: group.createdBy,
  });
}

/** The person who asked is told the owner's answer, as their `invitations` setting says (e-mail, push). */
export async function tellAsker(
  deps: CoreDeps,
  tx: Transaction,
  now: Date,
  group: LockedGroup,
  answer: { askerId: string; joinRequestId: string; approved: boolean },
) {
  const { askerId, joinRequestId, approved } = answer;
  const asker = await personOf(tx, askerId);
  if (!asker) return;
  const url = approved ? `${deps.config.appUrl}/groups?highlight=${group.id}` : `${deps.config.appUrl}/`;
  const locale = localeOf(asker.locale);
  await queuePush(tx, deps.jobs, {
    userId: askerId,
    event: `join-answer:${joinRequestId}`,
    payload: joinAnswerPayload(group.name, approved, url, joinRequestId, locale),
  });
  if (!(await channelsFor(tx, askerId, "invitations")).email) return;
  await enqueueEmail(tx, now, {
    ...joinRequestAnswerEmail(asker.email, { groupName: group.name, approved, url }, locale),
    type: "join_request_answer",
    userId: askerId,
  });
}

/**
 * The owner hears that someone joined through a link that joins at once (issue 43), as their `link_joins`
 * switches say (a push and an e-mail, each when on): so a link shared further than meant does not go unseen.
 */
export async function tellOwnerOfJoin(
  deps: CoreDeps,
  tx: Transaction,
  unsubscribe: UnsubscribeLinks,
  group: LockedGroup,
  memberId: string,
) {
  if (memberId === group.createdBy) return;
  const [owner, member] = [await personOf(tx, group.createdBy), await personOf(tx, memberId)];
  if (!owner || !member) return;
  const url = `${deps.config.appUrl}/groups?highlight=${group.id}`;
  const locale = localeOf(owner.locale);
  await queuePush(tx, deps.jobs, {
    userId: group.createdBy,
    event: `link-join:${group.id}:${memberId}`,
    payload: linkJoinPayload(group.name, member.name, url, memberId, locale),
  });
  if (!(await channelsFor(tx, group.createdBy, "link_joins")).email) return;
  await enqueueEmail(tx, deps.clock.now(), {
    ...linkJoinEmail(
      owner.email,
      { groupName: group.name, memberName: displayName(member.name, member.email), url },
      notificationLinks(deps.config, unsubscribe, group.createdBy, { kind: "link_joins" }, locale),
    ),
    type: "link_join",
    userId: group.createdBy,
  });
}
