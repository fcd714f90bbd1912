import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import { forgetPreviousSession } from "../auth/current-user";

/**
 * Adopts the session a confirmation or reset link just started: whatever was cached belonged to
 * whoever used this browser before, so it goes, and the new user becomes the current one.
 */
export function useStartSession(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useCallback(
    (user: CurrentUser) => {
      forgetPreviousSession(queryClient);
      setUser(user);
    },
    [queryClient, setUser],
  );
}
