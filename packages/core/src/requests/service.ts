import type { Dashboard, RequestPageInput } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { requestById } from "./by-id";
import { claimRequest } from "./claim";
import { createRequest, type CreateRequest } from "./create";
import { loadDashboard } from "./dashboard";
import { groupRequests } from "./for-group";
import { fulfillRequest } from "./fulfill";
import { myRequests } from "./mine";
import { notifyGroup } from "./notify-group";
import { removeRequest } from "./remove";
import { thankHelper } from "./thank";
import { unclaimRequest } from "./unclaim";

/**
 * Requests: post, list, read, claim, give back, fulfil, delete, notify the group, thank; one operation per
 * file, each `(deps, caller, input)`. What several share: `statements.ts`, `request-reads.ts`, `transition.ts`.
 */
export function createRequestsService(deps: CoreDeps) {
  return {
    create: (userId: string, input: CreateRequest) => createRequest(deps, userId, input),
    mine: (userId: string, page: RequestPageInput) => myRequests(deps, userId, page),
    forGroup: (userId: string, groupId: string, page: RequestPageInput) =>
      groupRequests(deps, userId, { groupId, page }),
    byId: (userId: string, requestId: string) => requestById(deps, userId, requestId),
    claim: (userId: string, requestId: string) => claimRequest(deps, userId, requestId),
    unclaim: (userId: string, requestId: string) => unclaimRequest(deps, userId, requestId),
    fulfill: (userId: string, requestId: string) => fulfillRequest(deps, userId, requestId),
    remove: (userId: string, requestId: string) => removeRequest(deps, userId, requestId),
    notifyGroup: (userId: string, requestId: string) => notifyGroup(deps, userId, requestId),
    thank: (userId: string, requestId: string) => thankHelper(deps, userId, requestId),
    /** GET /dashboard: everything the dashboard's first load needs, in a fixed number of statements. */
    dashboard: (userId: string): Promise<Dashboard> => loadDashboard(deps.db, deps.clock.now(), userId),
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
