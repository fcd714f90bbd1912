import type { addOfflineMemberInput } from "@hyn/validators";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { addOfflineMember } from "./add";
import { listOfflineMembers } from "./list";
import { removeOfflineMember } from "./remove";

/** Neighbours without the app (issue 42 §1, PRODUCT "A neighbour without the app"). */
export function createOfflineMembersService(deps: CoreDeps) {
  return {
    add: (userId: string, input: z.output<typeof addOfflineMemberInput>) => addOfflineMember(deps, userId, input),
    list: (userId: string, groupId: string) => listOfflineMembers(deps, userId, groupId),
    remove: (userId: string, input: { groupId: string; offlineId: string }) => removeOfflineMember(deps, userId, input),
  };
}
