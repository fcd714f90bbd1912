import type { Harness } from "../src/testing";

type User = Awaited<ReturnType<Harness["signUpUser"]>>;

/** Creates a group owned by `owner`. */
export async function createGroup(owner: User, name = "Maple Street") {
  return owner.caller.groups.create({ name });
}

/** The owner invites `member` by e-mail and the member joins with the link's token. */
export async function addToGroup(owner: User, member: User, groupId: string) {
  const invite = await owner.caller.invitations.create({ groupId, email: member.email });
  return member.caller.invitations.joinByToken({ token: invite.token });
}

/** A group of `size` members including the owner; returns the group and the members added. */
export async function groupOfSize(h: Harness, owner: User, size: number) {
  const group = await createGroup(owner, "Full House");
  const members: User[] = [];
  for (let i = 1; i < size; i++) {
    const member = await h.signUpUser();
    await addToGroup(owner, member, group.id);
    members.push(member);
  }
  return { group, members };
}
