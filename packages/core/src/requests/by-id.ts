import type { OneRequestView } from "@hyn/validators";
import { selectVisibleRequestView } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { claimContactFor } from "./claim-contact";
import { requestNotFound } from "./request-reads";

/**
 * GET /requests/{id}: one request, as the lists show it (the page a notification's link opens).
 * Reading never changes it. Not the caller's and not in their groups: "Request not found".
 */
export async function requestById(deps: CoreDeps, userId: string, requestId: string): Promise<OneRequestView> {
  const { db, clock } = deps;
  const view = await selectVisibleRequestView(db, clock.now(), requestId, userId);
  if (!view) throw requestNotFound();
  return { ...view, contact: await claimContactFor(db, view, userId) };
}
