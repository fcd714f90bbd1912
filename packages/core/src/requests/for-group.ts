import type { RequestPage, RequestPageInput } from "@hyn/validators";
import { selectGroupRequestPage } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { groupListQueries } from "./statements";

/** GET /groups/{id}/requests, a page at a time: members only. */
export async function groupRequests(
  deps: CoreDeps,
  userId: string,
  input: { groupId: string; page: RequestPageInput },
): Promise<RequestPage> {
  const { db, clock } = deps;
  const [membership] = await groupListQueries(db).membership.execute({ groupId: input.groupId, userId });
  if (!membership) throw new AppError("FORBIDDEN", "notMember");
  return selectGroupRequestPage(db, clock.now(), input.groupId, userId, input.page);
}
