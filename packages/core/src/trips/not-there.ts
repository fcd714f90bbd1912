import { requests, type Transaction } from "@hyn/db";
import { sql, type SQL } from "drizzle-orm";
import { reopenedClaim } from "../requests/reopened-claim";

/**
 * Items the tripper did not find (issue 43 §1): off the trip and back with their requesters, remembered by
 * `not_there_trip_id` so the trip's list still says so. As each requester chose in "if it is not there":
 * "skip it" closes the request (needed by now, so it reads as ended and no one is asked), otherwise it is
 * an open request again. Answers their ids.
 */
export async function releaseNotThere(
  tx: Transaction,
  now: Date,
  tripId: string,
  where: SQL | undefined,
): Promise<string[]> {
  const released = await tx
    .update(requests)
    .set({
      ...reopenedClaim(),
      notThereTripId: tripId,
      neededBy: sql`case when ${requests.ifUnavailable} = 'skip' then ${now.toISOString()}::timestamptz else ${requests.neededBy} end`,
    })
    .where(where)
    .returning({ id: requests.id });
  return released.map(({ id }) => id);
}
