import type { RequestView } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { nextOccurrenceNow, transition } from "./transition";

/** claimed -> fulfilled, by the claimer only; sets fulfilledAt. */
export function fulfillRequest(deps: CoreDeps, userId: string, requestId: string): Promise<RequestView> {
  return transition(deps, userId, requestId, {
    kind: "fulfilled",
    refuse: (facts) =>
      facts.status !== "claimed"
        ? new AppError("CONFLICT", "requestNotInClaimedStatus")
        : new AppError("FORBIDDEN", "onlyFulfillOwnClaims"),
    then: (tx, _view, _now, _unsubscribe, occurrence) => nextOccurrenceNow(deps, tx, occurrence),
  });
}
