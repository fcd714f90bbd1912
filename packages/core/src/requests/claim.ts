import type { RequestView } from "@hyn/validators";
import { enqueueClaimConfirmation } from "../notifications/claim-confirmation";
import { helperReminderDueAt } from "../reminders/rules";
import { scheduleReminder } from "../reminders/schedule";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { transition } from "./transition";

/** open -> claimed, by a member other than the requester, before the needed-by time. */
export function claimRequest(deps: CoreDeps, userId: string, requestId: string): Promise<RequestView> {
  return transition(deps, userId, requestId, {
    kind: "claimed",
    refuse: (facts) =>
      facts.userId === userId
        ? new AppError("FORBIDDEN", "cannotClaimOwn")
        : new AppError("CONFLICT", "requestNotClaimable"),
    // The helper's reminder, unless this claim came inside its window.
    then: async (tx, view, now) => {
      const remindAt = helperReminderDueAt(view.neededBy, now);
      if (remindAt) await scheduleReminder(deps.jobs, tx, { requestId: view.id, kind: "helper" }, remindAt);
    },
    confirm: (tx, now, unsubscribe) => enqueueClaimConfirmation(tx, deps.config, unsubscribe, userId, requestId, now),
  });
}
