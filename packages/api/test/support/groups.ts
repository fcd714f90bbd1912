import { groupMembers, groups } from "@hyn/db";
import { eq, sql } from "drizzle-orm";
import type { Harness, Neighbour } from "./harness";

interface Someone {
  user: { id: string };
}

let groupCounter = 0;

/**
 * A group owned by `owner` with `members` in it, written straight to the tables so the tests using
 * it depend on their own rules only, not on how groups are created or joined.
 */
export async function groupWith(
  h: Harness,
  owner: Someone,
  members: Someone[] = [],
  name?: string,
): Promise<{ id: string; name: string }> {
  groupCounter++;
  const now = h.clock.now();
  const [group] = await h.db
    .insert(groups)
    .values({ name: name ?? `Street ${groupCounter}`, createdBy: owner.user.id, createdAt: now })
    .returning({ id: groups.id, name: groups.name });
  await h.db
    .insert(groupMembers)
    .values([owner, ...members].map((m) => ({ groupId: group!.id, userId: m.user.id, joinedAt: now })));
  return group!;
}

/** `member` joins `groupId`, written straight to the table (as groupWith does). */
export async function addMember(h: Harness, groupId: string, member: Someone): Promise<void> {
  await h.db.insert(groupMembers).values({ groupId, userId: member.user.id, joinedAt: h.clock.now() });
}

/** Someone acting through the API: a signed-up `Neighbour` or one of `quickNeighbours`. */
type Actor = Pick<Neighbour, "caller" | "email">;

/** A group created through the API by `owner`, who becomes its owner and first member. */
export async function createGroup(owner: Actor, name = "Maple Street") {
  return owner.caller.groups.create({ name });
}

/** Through the API: the owner invites `member` by e-mail and the member joins with the link's token. */
export async function inviteAndJoin(owner: Actor, member: Actor, groupId: string) {
  const invite = await owner.caller.invitations.create({ groupId, email: member.email });
  const joined = await member.caller.invitations.joinByToken({ token: invite.token });
  if ("pending" in joined) throw new Error("an e-mail invitation joins at once");
  return joined;
}

/** A group of `size` members including the owner, joined through the API; the group and the members added. */
export async function groupOfSize(h: Harness, owner: Neighbour, size: number) {
  const group = await createGroup(owner, "Full House");
  const members: Neighbour[] = [];
  for (let i = 1; i < size; i++) {
    const member = await h.signUpUser();
    await inviteAndJoin(owner, member, group.id);
    members.push(member);
  }
  return { group, members };
}

/** How many members a group has, read from the table (the concurrency proofs' final count). */
export async function memberCount(h: Harness, groupId: string): Promise<number> {
  const [row] = await h.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row!.n;
}
