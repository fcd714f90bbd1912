import { reports, requests, type Transaction } from "@hyn/db";
import type { removeRequestInput } from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { publishRequestEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { audit, closeReports } from "./audit";

export type RemoveRequest = z.output<typeof removeRequestInput>;

/** DELETE /admin/requests/{id}: the request goes, whatever its state; reports about it are closed. */
export async function removeRequest(deps: CoreDeps, adminId: string, input: RemoveRequest): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => removeRequestIn(tx, adminId, now, input));
}

/** The removal, its reports closed and its audit row, in the caller's transaction (also a group owner's). */
export async function removeRequestIn(tx: Transaction, adminId: string, now: Date, input: RemoveRequest) {
  await closeReports(tx, adminId, now, eq(reports.requestId, input.id), input.reportId);
  const [removed] = await tx.delete(requests).where(eq(requests.id, input.id)).returning({
    id: requests.id,
    groupId: requests.groupId,
    ownerId: requests.userId,
    itemDescription: requests.itemDescription,
  });
  if (!removed) throw new AppError("NOT_FOUND", "requestNotFound");
  const { id, groupId, ownerId } = removed;
  await publishRequestEvent(tx, { type: "request.deleted", requestId: id, groupId, ownerId });
  await audit(tx, adminId, now, {
    action: "request_removed",
    subjectId: removed.id,
    subjectLabel: removed.itemDescription,
    reportId: input.reportId,
    reason: input.reason,
  });
}
