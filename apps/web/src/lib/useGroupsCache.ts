import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useMemo } from "react";
import { trpc, type RouterOutputs } from "./trpc";

export type Group = RouterOutputs["groups"]["list"][number];
export type GroupMember = RouterOutputs["groups"]["members"][number];

/**
 * The groups' changes (create, leave, remove, accept, invite), applied to the query cache so the page changes without a reload:
 * each helper edits the cached list at once and then refreshes what the server also changed.
 */
export function useGroupsCache() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** After creating or joining: appended to the list, limits refreshed. */
      addGroup(group: Group) {
        utils.groups.list.setData(undefined, (list) => [...(list ?? []).filter((g) => g.id !== group.id), group]);
        void utils.groups.list.invalidate();
        void utils.limits.invalidate();
        // Its notification setting (as in the profile) joins the list the cards and the profile read.
        void utils.user.notificationPreferences.invalidate();
      },
      /** After a transfer: the card shows the new owner. */
      replaceGroup(group: Group) {
        utils.groups.list.setData(undefined, (list) =>
          list?.map((g) => (g.id === group.id ? { ...g, ...group, joinedAt: g.joinedAt } : g)),
        );
        void utils.limits.invalidate();
      },
      /** After leaving: removed from the list and its members cache dropped. */
      removeGroup(groupId: string) {
        utils.groups.list.setData(undefined, (list) => list?.filter((g) => g.id !== groupId));
        queryClient.removeQueries({ queryKey: getQueryKey(trpc.groups.members, { groupId }, "query") });
        void utils.limits.invalidate();
        // Deleting a group deletes its invitations too.
        void utils.invitations.outgoing.invalidate();
        void utils.invitations.count.invalidate();
        void utils.user.notificationPreferences.invalidate();
      },
      /** After removing a member: dropped from the member list, the card's count follows. */
      removeMember(groupId: string, memberId: string) {
        utils.groups.members.setData({ groupId }, (members) => members?.filter((m) => m.id !== memberId));
        utils.groups.list.setData(undefined, (list) =>
          list?.map((g) => (g.id === groupId ? { ...g, memberCount: Math.max(1, g.memberCount - 1) } : g)),
        );
      },
    }),
    [utils, queryClient],
  );
}
