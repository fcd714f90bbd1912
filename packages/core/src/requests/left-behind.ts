import { groupMembers, requests, users, type Transaction } from "@hyn/db";
import { and, sql, type SQL } from "drizzle-orm";
import { publishRequestEvents } from "../events/publish";

/**
 * Whether a request's requester is gone from its group (issue 43 §4): no longer a member of it (they
 * left, or were removed), or suspended. Such a request stays while someone is helping with it, so the
 * help can be finished (PRODUCT "Departures"), but it never opens again there: nobody could offer to help
 * someone who is gone, and its requester could not notify the group.
 */
export function requesterGoneSql(): SQL<boolean> {
  return sql<boolean>`(not exists (select 1 from ${groupMembers} lgm where lgm.group_id = ${requests.groupId} and lgm.user_id = ${requests.userId})
    or exists (select 1 from ${users} lu where lu.id = ${requests.userId} and lu.suspended_at is not null))`;
}

/**
 * The claimed requests `where` selects whose requester is gone from the group, withdrawn instead of given
 * back (deleted and announced live, as a departing requester's open requests are): their ids. Called before
 * the claims are given back, by every release of a helper's or tripper's claims (a departure, a suspension, a
 * trip ended), so what is left to reopen belongs to members.
 */
export async function withdrawLeftBehind(tx: Transaction, where: SQL | undefined): Promise<string[]> {
  const withdrawn = await tx
    .delete(requests)
    .where(and(sql`${requests.status} = 'claimed'`, requesterGoneSql(), where))
    .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
  await publishRequestEvents(
    tx,
    withdrawn.map((request) => ({ type: "request.deleted", requestId: request.id, ...request })),
  );
  return withdrawn.map((request) => request.id);
}
