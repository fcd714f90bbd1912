import { bearerFor, groupOf, type Bearer, type TestApp } from "../test-app";

/**
 * People signed up by name (`ann` is ann@example.com), the owner's group with the members in it (written
 * directly: for tests about what happens in a group, not about joining one), and outsiders signed up
 * beside it. Ann owns a group with Bo unless told otherwise.
 */
export async function street<
  const Owner extends string = "ann",
  const Member extends string = "bo",
  const Outsider extends string = never,
>(
  app: TestApp,
  {
    owner = "ann" as Owner,
    members = ["bo" as Member],
    outsiders = [],
    name,
  }: { owner?: Owner; members?: Member[]; outsiders?: Outsider[]; name?: string } = {},
): Promise<Record<Owner | Member | Outsider, Bearer> & { groupId: string }> {
  const people = {} as Record<Owner | Member | Outsider, Bearer>;
  for (const who of [owner, ...members, ...outsiders]) people[who] = await bearerFor(app, `${who}@example.com`);
  const groupId = await groupOf(
    app,
    people[owner],
    members.map((member) => people[member]),
    name,
  );
  return { ...people, groupId };
}
