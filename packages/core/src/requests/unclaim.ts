import type { RequestView } from "@hyn/validators";
import { enqueueStillWantedNotices } from "../nudges/notices";
import { givenBackIsNews } from "../nudges/rules";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { transition } from "./transition";

/** claimed -> open, by the claimer only; clears claimedBy and claimedAt. */
export function unclaimRequest(deps: CoreDeps, userId: string, requestId: string): Promise<RequestView> {
  return transition(deps, userId, requestId, {
    kind: "unclaimed",
    // The state before the claimer: an open request "is not claimed", whoever asks.
    refuse: (facts) =>
      facts.status !== "claimed"
        ? new AppError("CONFLICT", "requestNotClaimed")
        : new AppError("FORBIDDEN", "onlyUnclaimOwnClaims"),
    // Given back within a day of its needed-by time: the group hears at once (issue 26); once, as
    // the conditional UPDATE lets only one give-back of a claim through.
    then: async (tx, view, now, unsubscribe) => {
      if (!givenBackIsNews(view.neededBy, now)) return;
      await enqueueStillWantedNotices(
        tx,
        deps.config,
        unsubscribe,
        { kind: "given_back", request: view, except: [userId] },
        now,
        deps.jobs,
      );
    },
  });
}
