import { groupMembers, groups } from "@hyn/db";
import type { Harness } from "../../src/testing";

interface Someone {
  user: { id: string };
}

let groupCounter = 0;

/**
 * A group owned by `owner` with `members` in it, written straight to the tables so these tests
 * depend on the requests rules only, not on how groups are created or joined.
 */
export async function groupWith(h: Harness, owner: Someone, members: Someone[] = [], name?: string): Promise<{ id: string; name: string }> {
  groupCounter++;
  const now = h.clock.now();
  const [group] = await h.db
    .insert(groups)
    .values({ name: name ?? `Street ${groupCounter}`, createdBy: owner.user.id, createdAt: now })
    .returning({ id: groups.id, name: groups.name });
  await h.db.insert(groupMembers).values([owner, ...members].map((m) => ({ groupId: group!.id, userId: m.user.id, joinedAt: now })));
  return group!;
}

export async function addToGroup(h: Harness, groupId: string, member: Someone): Promise<void> {
  await h.db.insert(groupMembers).values({ groupId, userId: member.user.id, joinedAt: h.clock.now() });
}
