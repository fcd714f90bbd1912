import {
  calendarFileOutput,
  createdRequestOutput,
  createRequestInput,
  dashboardOutput,
  groupRequestsInput,
  notifyRequestOutput,
  oneRequestOutput,
  requestIdInput,
  requestOutput,
  requestPageInput,
  requestPageOutput,
  type RequestEventMessage,
} from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const ok = z.object({ ok: z.literal(true) });

export const requestsRouter = router({
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/requests", successStatus: 201, body: true } })
    .input(createRequestInput)
    .output(createdRequestOutput)
    .mutation(({ ctx, input }) => ctx.services.requests.create(ctx.session.user.id, input)),

  /** The caller's requests a page at a time (ADR 0014); no input is the first page. */
  mine: protectedProcedure
    .meta({ rest: { method: "GET", path: "/user/requests", answer: "page" } })
    .input(requestPageInput.prefault({}))
    .output(requestPageOutput)
    .query(({ ctx, input }) => ctx.services.requests.mine(ctx.session.user.id, input)),

  forGroup: protectedProcedure
    .meta({ rest: { method: "GET", path: "/groups/:id/requests", renameParams: { id: "groupId" }, answer: "page" } })
    .input(groupRequestsInput)
    .output(requestPageOutput)
    .query(({ ctx, input }) => ctx.services.requests.forGroup(ctx.session.user.id, input.groupId, input)),

  /** One request the caller may see (their own, or in one of their groups): the page a notification opens. */
  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/requests/:id" } })
    .input(requestIdInput)
    .output(oneRequestOutput)
    .query(({ ctx, input }) => ctx.services.requests.byId(ctx.session.user.id, input.id)),

  claim: protectedProcedure
    .meta({ rest: { method: "POST", path: "/requests/:id/claim" } })
    .input(requestIdInput)
    .output(requestOutput)
    .mutation(({ ctx, input }) => ctx.services.requests.claim(ctx.session.user.id, input.id)),

  unclaim: protectedProcedure
    .meta({ rest: { method: "POST", path: "/requests/:id/unclaim" } })
    .input(requestIdInput)
    .output(requestOutput)
    .mutation(({ ctx, input }) => ctx.services.requests.unclaim(ctx.session.user.id, input.id)),

  fulfill: protectedProcedure
    .meta({ rest: { method: "POST", path: "/requests/:id/fulfill" } })
    .input(requestIdInput)
    .output(requestOutput)
    .mutation(({ ctx, input }) => ctx.services.requests.fulfill(ctx.session.user.id, input.id)),

  /** The requester's one-tap "Thank you" to the helper of a fulfilled request; once (a second is a 409). */
  thank: protectedProcedure
    .meta({ rest: { method: "POST", path: "/requests/:id/thank" } })
    .input(requestIdInput)
    .output(requestOutput)
    .mutation(({ ctx, input }) => ctx.services.requests.thank(ctx.session.user.id, input.id)),

  remove: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/requests/:id" } })
    .input(requestIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.requests.remove(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),

  notify: protectedProcedure
    .meta({ rest: { method: "POST", path: "/requests/:id/notify" } })
    .input(requestIdInput)
    .output(notifyRequestOutput)
    .mutation(async ({ ctx, input }) => {
      return { ok: true as const, ...(await ctx.services.requests.notifyGroup(ctx.session.user.id, input.id)) };
    }),

  /** The request as a calendar event (issue 15), for whoever may read it; REST sends it as text/calendar. */
  calendar: protectedProcedure
    .meta({ rest: { method: "GET", path: "/requests/:id/calendar.ics", answer: "calendar" } })
    .input(requestIdInput)
    .output(calendarFileOutput)
    .query(({ ctx, input }) =>
      ctx.services.calendar.requestCalendar(ctx.session.user.id, input.id, ctx.session.user.locale),
    ),

  dashboard: protectedProcedure
    .meta({ rest: { method: "GET", path: "/dashboard" } })
    .output(dashboardOutput)
    .query(({ ctx }) => ctx.services.requests.dashboard(ctx.session.user.id)),

  /**
   * Live updates over SSE (ADR 0004): first { type: "connected" } (refetch then), then
   * { type, requestId, groupId } for every change in the caller's groups, until the page goes away.
   */
  onChange: protectedProcedure.subscription(async function* ({
    ctx,
    signal,
  }): AsyncGenerator<RequestEventMessage, void, unknown> {
    // Ends, refused as UNAUTHORIZED, when its session does (signed out, suspended, ...: issue 38).
    yield* ctx.services.live.stream(ctx.session.user.id, ctx.session.id, signal);
    // Ended by the server, not by the page (the instance is draining, or the page fell behind): ended
    // as aborted, tRPC sends no "return" event, so the browser's EventSource reconnects (behind a proxy,
    // to an instance that is up) and the page reloads on "connected".
    if (!signal?.aborted) throw new DOMException("the server ended the live stream", "AbortError");
  }),
});
