import type { Suspension } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { auditLog, type AuditPageInput } from "./audit-log";
import { dismissReport } from "./dismiss-report";
import { reinstateUser, type ReinstateUser } from "./reinstate";
import { removeGroup, type RemoveGroup } from "./remove-group";
import { removeRequest, type RemoveRequest } from "./remove-request";
import { suspendUser, type SuspendUser } from "./suspend";

/**
 * The admin's actions (issue 29, ADR 0024); one operation per file, each `(deps, adminId, input)`. Each is a
 * conditional change and its audit row in one transaction (`audit.ts`, shared with `closeReports`).
 */
export function createAdminActionsService(deps: CoreDeps) {
  return {
    dismissReport: (adminId: string, reportId: string): Promise<void> => dismissReport(deps, adminId, reportId),
    suspend: (adminId: string, input: SuspendUser): Promise<Suspension> => suspendUser(deps, adminId, input),
    reinstate: (adminId: string, input: ReinstateUser): Promise<void> => reinstateUser(deps, adminId, input),
    removeRequest: (adminId: string, input: RemoveRequest): Promise<void> => removeRequest(deps, adminId, input),
    removeGroup: (adminId: string, input: RemoveGroup): Promise<void> => removeGroup(deps, adminId, input),
    auditLog: (input: AuditPageInput) => auditLog(deps, input),
  };
}

export type AdminActionsService = ReturnType<typeof createAdminActionsService>;
