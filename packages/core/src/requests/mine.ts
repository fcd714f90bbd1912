import type { RequestPage, RequestPageInput } from "@hyn/validators";
import { selectMyRequestPage } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";

/** GET /user/requests, a page at a time. */
export function myRequests(deps: CoreDeps, userId: string, page: RequestPageInput): Promise<RequestPage> {
  return selectMyRequestPage(deps.db, deps.clock.now(), userId, page);
}
