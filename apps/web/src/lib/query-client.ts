import { QueryClient } from "@tanstack/react-query";
import { errorStatus } from "./trpc";

/**
 * The app's query client, already listening for the network and the window's focus. React's provider
 * would start listening only at the first commit: a query paused before then (the session, asked at
 * start-up by a page opened offline) missed a network that came back meanwhile and waited for ever,
 * the page on "Loading…" (seen on a busy machine, e2e/installable-app.spec.ts). It lives as long as
 * the page, so it is never unmounted.
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // A 4xx will not change by asking again.
        retry: (count, error) => {
          const status = errorStatus(error);
          return status !== undefined && status < 500 ? false : count < 2;
        },
      },
      // A change made without a network fails at once with a plain message, rather than waiting
      // (paused) and going out unseen once the network is back (ADR 0016).
      mutations: { networkMode: "always" },
    },
  });
  queryClient.mount();
  return queryClient;
}
