import type { CoreDeps } from "../shared/deps";
import { deleteAccount } from "./delete-account";
import { exportData } from "./export-data";

/**
 * A person's rights over their data: a full export (export-data.ts), and deletion that leaves nothing of
 * them behind while keeping their neighbours' groups and requests working (delete-account.ts).
 */
export function createDataRightsService(deps: CoreDeps) {
  return {
    exportData: (userId: string) => exportData(deps, userId),
    deleteAccount: (userId: string, password: string) => deleteAccount(deps, userId, password),
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
