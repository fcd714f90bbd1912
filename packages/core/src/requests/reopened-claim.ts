import { bumpedRevision } from "../shared/request-revision";

/**
 * A claimed request given back to its requester as an ordinary open request (a helper or tripper who
 * left, was suspended, or let it go): unclaimed and off any trip (issue 28), so no trip keeps an item
 * nobody is bringing.
 */
export const reopenedClaim = () => ({
  status: "open" as const,
  claimedBy: null,
  claimedAt: null,
  tripId: null,
  tripMark: null,
  ...bumpedRevision(),
});
