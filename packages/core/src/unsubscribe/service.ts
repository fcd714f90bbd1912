import { groupMembers, groups, users, type Executor } from "@hyn/db";
import { NOTIFICATION_KINDS, type UnsubscribeDescription, type UnsubscribeState } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import {
  channelOnSql,
  groupFrequencySql,
  setGroupFrequency,
  setKindChannels,
} from "../preferences/notification-preferences";
import { NEVER, profileFrequencyIsNeverSql, setProfileFrequency } from "../preferences/profile-frequency";
import { unsubscribeKey } from "./links";
import { verifyUnsubscribeToken, type UnsubscribeClaim } from "./token";

/** Every notification e-mail is off: no kind's e-mail on, and the profile's frequency Never. */
const allStoppedSql = (userId: string) => sql<boolean>`(
  not (${sql.join(
    NOTIFICATION_KINDS.map((kind) => channelOnSql(userId, kind, "email")),
    sql` or `,
  )})
  and ${profileFrequencyIsNeverSql(userId)})`;

/** What the link is about and where its person stands now, in one statement. */
async function describeClaim(executor: Executor, claim: UnsubscribeClaim): Promise<UnsubscribeDescription> {
  const { userId, scope } = claim;
  if ("kind" in scope) {
    const [row] = await executor
      .select({ on: channelOnSql(users.id, scope.kind, "email"), allStopped: allStoppedSql(userId) })
      .from(users)
      .where(eq(users.id, userId));
    const state: UnsubscribeState = !row ? "accountGone" : row.on ? "receiving" : "stopped";
    return { scope: { type: "kind", kind: scope.kind }, state, allStopped: row?.allStopped ?? true };
  }
  const [row] = await executor
    .select({
      groupName: groups.name,
      member: sql<boolean>`${groupMembers.userId} is not null`,
      frequency: groupFrequencySql(users.id, sql`${scope.groupId}::uuid`),
      allStopped: allStoppedSql(userId),
    })
    .from(users)
    .leftJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, scope.groupId)))
    .leftJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(users.id, userId));
  const state: UnsubscribeState = !row
    ? "accountGone"
    : !row.member
      ? "notMember"
      : row.frequency === "off"
        ? "stopped"
        : "receiving";
  return {
    scope: {
      type: "group",
      groupId: scope.groupId,
      groupName: state === "notMember" ? null : (row?.groupName ?? null),
    },
    state,
    allStopped: row?.allStopped ?? true,
  };
}

/**
 * Unsubscribe links (issue 15, ADR 0015): the signed token alone authorises, no session. Reading a
 * link changes nothing (mail scanners prefetch links); unsubscribing twice is harmless; a deleted
 * account's link does nothing and says so.
 */
export function createUnsubscribeService(deps: CoreDeps) {
  const { db, clock } = deps;

  async function claimOf(token: string): Promise<UnsubscribeClaim> {
    const claim = verifyUnsubscribeToken(await unsubscribeKey(db), token);
    if (!claim) throw new AppError("BAD_REQUEST", "unsubscribeLinkInvalid");
    return claim;
  }

  /** Runs `change` while the person's row is key-share locked, so an account deletion waits for it; none when gone. */
  async function changeFor(
    claim: UnsubscribeClaim,
    change: (tx: Executor, now: Date) => Promise<void>,
  ): Promise<UnsubscribeDescription> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, claim.userId)).for("key share");
      if (person) await change(tx, now);
      return describeClaim(tx, claim);
    });
  }

  return {
    /** GET: what the link would stop. Changes nothing. */
    async describe(token: string): Promise<UnsubscribeDescription> {
      return describeClaim(db, await claimOf(token));
    },

    /** One click: exactly the link's scope off: a kind's e-mails, or a group's new requests (Off). */
    async unsubscribe(token: string): Promise<UnsubscribeDescription> {
      const claim = await claimOf(token);
      const { userId, scope } = claim;
      return changeFor(claim, async (tx, now) => {
        if ("kind" in scope) await setKindChannels(tx, userId, scope.kind, { email: false }, now);
        // A group the person has left: nothing to mute, and nothing to say but that.
        else await setGroupFrequency(tx, userId, scope.groupId, "off", now);
      });
    },

    /** "Stop all e-mails": every kind's e-mail off and the profile's frequency Never. Push is left as it is. */
    async stopAll(token: string): Promise<UnsubscribeDescription> {
      const claim = await claimOf(token);
      const { userId } = claim;
      return changeFor(claim, async (tx, now) => {
        for (const kind of NOTIFICATION_KINDS) await setKindChannels(tx, userId, kind, { email: false }, now);
        await setProfileFrequency(tx, userId, NEVER, now);
      });
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
