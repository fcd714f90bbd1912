import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import type { RequestEventType } from "@hyn/validators/rules";
import { useMemo } from "react";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import type { RecentOwnChanges } from "./live-announcements";
import { personName } from "./request-rules";
import { translate } from "../../i18n/useT";
import { quotedItem } from "./texts";
import { formatWeekdayDay } from "../../lib/dates";
import { anyoneHears, reachSentence } from "./reach";
import type { DashboardData, RequestView } from "./types";

const quoted = (request: { itemDescription: string }) => quotedItem(request.itemDescription);

function replaceRequest(data: DashboardData | undefined, view: RequestView): DashboardData | undefined {
  if (!data) return data;
  const swap = (list: RequestView[]) => list.map((r) => (r.id === view.id ? view : r));
  return { ...data, myRequests: swap(data.myRequests), helpableRequests: swap(data.helpableRequests) };
}

function dropRequest(data: DashboardData | undefined, requestId: string): DashboardData | undefined {
  if (!data) return data;
  const keep = (list: RequestView[]) => list.filter((r) => r.id !== requestId);
  return { ...data, myRequests: keep(data.myRequests), helpableRequests: keep(data.helpableRequests) };
}

export type RequestActions = ReturnType<typeof useRequestActions>;

/**
 * The card actions. Each calls the API directly (so one card's busy state is not every card's), shows
 * the server's message or the fallback (PRODUCT "Errors") on failure, puts the answer into the dashboard at once,
 * and then reloads it, since counts and the other list may have changed too. Each resolves to whether
 * it succeeded.
 */
export function useRequestActions(own: RecentOwnChanges) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const toast = useToast();

  return useMemo(() => {
    /**
     * Edits the cached dashboard at once. The load time is kept, because it pairs with the server's
     * time in the data to tell this browser's clock from the server's.
     */
    function patch(update: (data: DashboardData | undefined) => DashboardData | undefined) {
      const loadedAt = queryClient.getQueryState(
        getQueryKey(trpc.requests.dashboard, undefined, "query"),
      )?.dataUpdatedAt;
      utils.requests.dashboard.setData(undefined, update, loadedAt ? { updatedAt: loadedAt } : undefined);
    }

    function refresh() {
      void utils.requests.dashboard.invalidate();
      // The one-request page (routes/RequestPage.tsx), if it has been open.
      void utils.requests.byId.invalidate();
      // The usage bars elsewhere (the Groups page) count open requests too.
      void utils.limits.invalidate();
    }

    async function attempt<T>(
      request: RequestView,
      echo: RequestEventType | null,
      call: () => Promise<T>,
      fallback: string,
    ): Promise<T | null> {
      if (echo) own.mark(request.id, echo);
      try {
        return await call();
      } catch (error) {
        toast.error(errorMessage(error, fallback));
        // The refusal usually means the request changed meanwhile: show how it is now.
        refresh();
        return null;
      }
    }

    async function transition(
      request: RequestView,
      echo: RequestEventType,
      call: (input: { id: string }) => Promise<RequestView>,
      fallback: string,
      success: (view: RequestView) => string,
    ): Promise<boolean> {
      const view = await attempt(request, echo, () => call({ id: request.id }), fallback);
      if (!view) return false;
      patch((data) => replaceRequest(data, view));
      // The page's answer also carries the other person's contact while claimed: kept until read again, gone at once
      // when the claim ends.
      utils.requests.byId.setData({ id: view.id }, (old) => ({
        ...view,
        contact: view.status === "claimed" ? (old?.contact ?? null) : null,
      }));
      void utils.requests.byId.invalidate({ id: view.id });
      refresh();
      toast.success(success(view));
      return true;
    }

    return {
      /** A request the user just posted, shown before the reload confirms it. */
      added(view: RequestView) {
        patch((data) =>
          data ? { ...data, myRequests: [...data.myRequests.filter((r) => r.id !== view.id), view] } : data,
        );
        refresh();
      },
      claim: (request: RequestView) =>
        transition(
          request,
          "request.claimed",
          utils.client.requests.claim.mutate,
          translate("requests.claimFailed"),
          (view) => translate("requests.claimed", { item: quoted(view) }),
        ),
      unclaim: (request: RequestView) =>
        transition(
          request,
          "request.unclaimed",
          utils.client.requests.unclaim.mutate,
          translate("requests.unclaimFailed"),
          (view) => translate("requests.unclaimed", { item: quoted(view) }),
        ),
      fulfill: (request: RequestView) =>
        transition(
          request,
          "request.fulfilled",
          utils.client.requests.fulfill.mutate,
          translate("requests.fulfillFailed"),
          (view) => translate("requests.fulfilled", { item: quoted(view) }),
        ),
      thank: (request: RequestView) =>
        transition(
          request,
          "request.thanked",
          utils.client.requests.thank.mutate,
          translate("requests.thankFailed"),
          (view) =>
            view.onBehalfOf
              ? translate("requests.thankedFrom", {
                  neighbour: view.onBehalfOf.name,
                  name: personName(view.helper?.name ?? ""),
                })
              : translate("requests.thanked", { name: personName(view.helper?.name ?? "") }),
        ),

      /** `beforeRemoval` runs after the server deleted it and just before the card leaves the page. */
      async remove(request: RequestView, beforeRemoval?: () => void): Promise<boolean> {
        const done = await attempt(
          request,
          "request.deleted",
          () => utils.client.requests.remove.mutate({ id: request.id }),
          translate("requests.deleteFailed"),
        );
        if (!done) return false;
        beforeRemoval?.();
        patch((data) => dropRequest(data, request.id));
        refresh();
        toast.success(translate("requests.deleted", { item: quoted(request) }));
        return true;
      },

      /**
       * A repeating request's series (issue 28 §2): the requester skips the next one or stops repeating, a
       * helper does it every time. The lists are read again: the series' occurrence may have changed.
       */
      async series(request: RequestView, action: "stop" | "take"): Promise<boolean> {
        const id = request.seriesId;
        if (!id) return false;
        const call = async (): Promise<true> => {
          await utils.client.requestSeries[action].mutate({ id });
          return true;
        };
        // A stop or take announces the card as changed: the one who did it hears no echo of it.
        const done = await attempt(request, "request.changed", call, translate("requests.seriesFailed"));
        if (!done) return false;
        refresh();
        toast.success(translate(`requests.series_${action}_done`, { item: quoted(request) }));
        return true;
      },

      /**
       * Skips this occurrence of a repeating request (issue 43 §2), by its id: a second tap finds it skipped
       * and skips nothing more. Answers the series' next occurrence's id (null: none yet), or undefined when
       * refused. Its echo, "request.skipped", is the skipper's own.
       */
      async skip(request: RequestView): Promise<string | null | undefined> {
        const id = request.seriesId;
        if (!id) return undefined;
        const series = await attempt(
          request,
          "request.skipped",
          () => utils.client.requestSeries.skip.mutate({ id, requestId: request.id }),
          translate("requests.seriesFailed"),
        );
        if (!series) return undefined;
        patch((data) => dropRequest(data, request.id));
        refresh();
        const date = formatWeekdayDay(request.neededBy);
        toast.success(
          series.current
            ? translate("requests.series_skip_done", { date, next: formatWeekdayDay(series.current.neededBy) })
            : translate("requests.series_skip_done_last", { date }),
        );
        return series.current?.id ?? null;
      },

      /** Re-sends the posting notice; the toast says what the server answered. */
      async notify(request: RequestView): Promise<boolean> {
        const result = await attempt(
          request,
          null,
          () => utils.client.requests.notify.mutate({ id: request.id }),
          translate("requests.notifyFailed"),
        );
        if (!result) return false;
        // The card disables "Notify group" until the next notice may go, and says who heard of this one.
        patch((data) =>
          replaceRequest(data, { ...request, lastNotifiedAt: result.lastNotifiedAt, lastReach: result.reach }),
        );
        const said = reachSentence(translate, result.reach, request.groupName, {
          sentAt: result.lastNotifiedAt,
          neededBy: request.neededBy,
        });
        if (anyoneHears(result.reach)) toast.success(said);
        else toast.info(said);
        return true;
      },
    };
  }, [utils, queryClient, toast, own]);
}
