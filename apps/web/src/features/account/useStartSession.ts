import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useCallback } from "react";
import { trpc, type CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";

/**
 * Adopts the session a confirmation or reset link just started: whatever was cached belonged to
 * whoever used this browser before, so it goes, and the new user becomes the current one.
 */
export function useStartSession(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useCallback(
    (user: CurrentUser) => {
      const meKey = JSON.stringify(getQueryKey(trpc.user.me, undefined, "query"));
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== meKey });
      setUser(user);
    },
    [queryClient, setUser],
  );
}
