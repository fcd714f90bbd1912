/**
 * PRODUCT "Departures" on PostgreSQL with a pool, so the calls really overlap: an owner removes a
 * member (a former owner, whose invitations are still pending) while that member posts a request and
 * offers to help, and the people he invited accept. Whatever order the database picks, nothing of
 * his is left acting in the group, and the group never holds more than its cap.
 */
import { DAY_MS, generateToken, hashToken } from "@hyn/core";
import { invites, rowsOf, userLimits } from "@hyn/db";
import { MAX_GROUP_MEMBERS } from "@hyn/validators";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, groupWith, quickNeighbours, useHarness } from "./support";

const h = useHarness({ maxConnections: 20 });

const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    () => "refused",
  );

async function leftBehind(groupId: string) {
  type Counts = { open: number; claims: number; invitations: number; members: number };
  const [row] = rowsOf<Counts>(
    await h.db.execute(sql`
    select
      (select count(*)::int from requests r where r.group_id = ${groupId} and r.status = 'open'
        and not exists (select 1 from group_members gm where gm.group_id = r.group_id and gm.user_id = r.user_id)) as open,
      (select count(*)::int from requests r where r.group_id = ${groupId} and r.status = 'claimed'
        and not exists (select 1 from group_members gm where gm.group_id = r.group_id and gm.user_id = r.claimed_by)) as claims,
      (select count(*)::int from invites i where i.group_id = ${groupId} and i.used_at is null
        and not exists (select 1 from group_members gm where gm.group_id = i.group_id and gm.user_id = i.invited_by)) as invitations,
      (select count(*)::int from group_members gm where gm.group_id = ${groupId}) as members`),
  );
  return row!;
}

describe("a removal with a claim, a post and invitation accepts in flight", () => {
  it("leaves no open request or claim of a non-member, no live invitation from one, and no member beyond the cap", async () => {
    const people = await quickNeighbours(h, 40, "race");
    await h.db.update(userLimits).set({ maxOpenRequests: 100, maxGroupsJoined: 100, maxGroupsCreated: 100 });
    const [owner, former, asker, ...rest] = people;
    for (let round = 0; round < 6; round++) {
      // The former owner handed the group over; it is one short of full, and three people he invited answer at once.
      const others = rest.slice(0, MAX_GROUP_MEMBERS - 4);
      const group = await groupWith(h, owner!, [asker!, ...others], `Race ${round}`);
      await addMember(h, group.id, former!);
      const invitees = rest.slice(MAX_GROUP_MEMBERS - 4, MAX_GROUP_MEMBERS - 1);
      const now = h.clock.now();
      const tokens = invitees.map(() => generateToken());
      await h.db.insert(invites).values(
        invitees.map((invitee, i) => ({
          groupId: group.id,
          email: invitee.email,
          tokenHash: hashToken(tokens[i]!),
          expiresAt: new Date(now.getTime() + 7 * DAY_MS),
          invitedBy: former!.user.id,
          createdAt: now,
        })),
      );
      const wanted = await asker!.caller.requests.create({
        groupId: group.id,
        itemDescription: "Milk",
        neededBy: h.inHours(24),
      });
      const mine = await former!.caller.requests.create({
        groupId: group.id,
        itemDescription: "Tea",
        neededBy: h.inHours(24),
      });

      const outcomes = await Promise.all([
        settle(owner!.caller.groups.removeMember({ groupId: group.id, userId: former!.user.id })),
        settle(
          former!.caller.requests.create({ groupId: group.id, itemDescription: "Bread", neededBy: h.inHours(24) }),
        ),
        settle(former!.caller.requests.claim({ id: wanted.id })),
        settle(asker!.caller.requests.claim({ id: mine.id })),
        ...invitees.map((invitee, i) => settle(invitee.caller.invitations.joinByToken({ token: tokens[i]! }))),
      ]);
      expect(outcomes[0]).toBe("ok");
      expect(await leftBehind(group.id)).toMatchObject({ open: 0, claims: 0, invitations: 0 });
      expect((await leftBehind(group.id)).members).toBeLessThanOrEqual(MAX_GROUP_MEMBERS);
    }
  });
});
