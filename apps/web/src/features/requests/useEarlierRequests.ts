import { FINISHED_REQUESTS_PER_PAGE, requestCursorPosition } from "@hyn/validators/rules";
import { useEffect, useRef } from "react";
import { trpc } from "../../lib/trpc";
import type { RequestView } from "./types";

/**
 * "Show earlier" under Your Requests (ADR 0014): the caller's finished requests before the dashboard's
 * first page, loaded a page at a time on demand (never with the dashboard, whose first load is one
 * call). Each time the dashboard is reloaded (a live update, an action), the loaded pages are read
 * again; if the first page now ends elsewhere, they are dropped, so nothing is skipped or shown twice.
 */
export function useEarlierRequests(firstPage: { cursor: string | null; requests: readonly RequestView[] }) {
  const utils = trpc.useUtils();
  const earlier = trpc.requests.mine.useInfiniteQuery(
    { limit: FINISHED_REQUESTS_PER_PAGE },
    { enabled: false, initialCursor: firstPage.cursor, getNextPageParam: (page) => page.nextCursor },
  );
  const position = firstPage.cursor === null ? null : requestCursorPosition(firstPage.cursor);
  const loadedAfter = useRef<string | null>(null);
  const hasPages = earlier.data !== undefined;
  const { refetch } = earlier;

  useEffect(() => {
    if (!hasPages) return;
    if (position === loadedAfter.current) void refetch();
    else void utils.requests.mine.reset();
    // Only a new first page says the loaded ones may be out of date.
  }, [firstPage.requests]); // eslint-disable-line react-hooks/exhaustive-deps

  const onFirstPage = new Set(firstPage.requests.map((request) => request.id));
  const requests: RequestView[] = (earlier.data?.pages ?? [])
    .flatMap((page) => page.requests)
    .filter((request) => !onFirstPage.has(request.id));
  return {
    requests,
    hasMore: hasPages ? earlier.hasNextPage : firstPage.cursor !== null,
    loading: earlier.isFetchingNextPage,
    failed: earlier.isError,
    showEarlier: () => {
      if (earlier.isFetching) return;
      if (!hasPages) loadedAfter.current = position;
      void earlier.fetchNextPage();
    },
  };
}
