import type { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils, getQueryKey } from "@trpc/react-query";
import { trpc } from "../../lib/trpc";

/** The cache entry of `user.me`: who is signed in. */
export const CURRENT_USER_KEY = getQueryKey(trpc.user.me, undefined, "query");
const currentUserHash = JSON.stringify(CURRENT_USER_KEY);

/**
 * How the current user is asked for. AuthProvider reads it with these options and start-up fetches it
 * with the same ones, so the provider finds the answer (or the call in flight) and does not ask again.
 */
export const CURRENT_USER_QUERY = { staleTime: 60_000, retry: false } as const;

/**
 * Asks who is signed in before the first render, rather than from AuthProvider once the first render
 * has committed: every page waits on the answer, and on a slow phone that render takes a while.
 */
export function prefetchCurrentUser(
  queryClient: QueryClient,
  client: ReturnType<typeof trpc.createClient>,
): Promise<void> {
  return createTRPCQueryUtils({ queryClient, client }).user.me.prefetch(undefined, {
    staleTime: CURRENT_USER_QUERY.staleTime,
  });
}

/**
 * A new session begins (a sign-in, a confirmation or reset link): whatever was cached belonged to
 * whoever used this browser before, so it goes. Only the current-user entry stays, to be replaced.
 */
export function forgetPreviousSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== currentUserHash });
}
