import { users, type Transaction } from "@hyn/db";
import { eq } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { groupHandedOverEmail, removedFromGroupEmail } from "../mail/templates";
import { channelsFor } from "../preferences/notification-preferences";
import { groupHandedOverPayload, removedFromGroupPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { localeOf } from "../shared/locale";
import type { LockedGroup, WithdrawnRequest } from "./membership";

/**
 * PRODUCT "Departures": the person a change of membership is about hears of it, by e-mail and push as
 * their invitation-kind switches allow, queued in the change's transaction (it is told if and only if
 * the change commits).
 */
async function readerOf(tx: Transaction, userId: string) {
  const [reader] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return reader
    ? { ...reader, locale: localeOf(reader.locale), channels: await channelsFor(tx, userId, "invitations") }
    : null;
}

/** "You were removed from {group}", naming the open requests withdrawn with the membership. */
export async function noticeRemoval(
  deps: CoreDeps,
  tx: Transaction,
  removal: { userId: string; group: LockedGroup; withdrawn: WithdrawnRequest[] },
): Promise<void> {
  const reader = await readerOf(tx, removal.userId);
  if (!reader) return;
  const now = deps.clock.now();
  const url = `${deps.config.appUrl}/groups`;
  const { group, withdrawn } = removal;
  if (reader.channels.email)
    await enqueueEmail(tx, now, {
      ...removedFromGroupEmail(
        reader.email,
        { groupName: group.name, withdrawnItems: withdrawn.map((request) => request.itemDescription), url },
        reader.locale,
      ),
      type: "removed_from_group",
      userId: removal.userId,
      requestIds: withdrawn.map((request) => request.id),
    });
  await queuePush(tx, deps.jobs, {
    userId: removal.userId,
    event: `removed:${group.id}:${now.getTime()}`,
    payload: removedFromGroupPayload(group.name, withdrawn.length, url, group.id, reader.locale),
  });
}

/** "You are now the owner of {group}", to the member the owner handed it to. */
export async function noticeHandover(
  deps: CoreDeps,
  tx: Transaction,
  handover: { newOwnerId: string; previousOwnerId: string; group: Pick<LockedGroup, "id" | "name"> },
): Promise<void> {
  const reader = await readerOf(tx, handover.newOwnerId);
  const [previous] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, handover.previousOwnerId));
  if (!reader) return;
  const now = deps.clock.now();
  const { group } = handover;
  const url = `${deps.config.appUrl}/groups?highlight=${group.id}`;
  const previousOwnerName = previous ? displayName(previous.name, previous.email) : "";
  if (reader.channels.email)
    await enqueueEmail(tx, now, {
      ...groupHandedOverEmail(reader.email, { groupName: group.name, previousOwnerName, url }, reader.locale),
      type: "group_handed_over",
      userId: handover.newOwnerId,
    });
  await queuePush(tx, deps.jobs, {
    userId: handover.newOwnerId,
    event: `handed-over:${group.id}:${now.getTime()}`,
    // A push carries a name, never an address (PRODUCT "Beyond the screens").
    payload: groupHandedOverPayload(group.name, previous?.name ?? "", url, group.id, reader.locale),
  });
}
