import {
  addTripItemInput,
  calendarFileOutput,
  createTripInput,
  deliverTripItemsInput,
  markTripItemInput,
  requestOutput,
  takeAlongInput,
  tripDetailOutput,
  tripIdInput,
  tripItemOutput,
  tripOutput,
} from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const byId = { renameParams: { id: "tripId" } } as const;

/** Trips (issue 28, ADR 0022): a member's shopping trip others add items to. */
export const tripsRouter = router({
  /** Announce a trip to one or more of the caller's groups; 201 the trip. */
  create: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips", successStatus: 201, body: true } })
    .input(createTripInput)
    .output(tripOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.create(ctx.session.user.id, input)),

  /** The trips the caller can see: open or not yet left, in their groups, and their own; soonest first. */
  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/trips" } })
    .output(z.array(tripOutput))
    .query(({ ctx }) => ctx.services.trips.list(ctx.session.user.id)),

  /** One trip with its items grouped per neighbour (the tripper's shopping list); not visible: 404. */
  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/trips/:id", ...byId } })
    .input(tripIdInput)
    .output(tripDetailOutput)
    .query(({ ctx, input }) => ctx.services.trips.byId(ctx.session.user.id, input.tripId)),

  /** Add an item: a request of the caller's on the trip, claimed by the tripper at once; 201 the request. */
  addItem: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/items", successStatus: 201, body: true, ...byId } })
    .input(addTripItemInput)
    .output(requestOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.addItem(ctx.session.user.id, input)),

  /** The tripper closes the list (it also closes by itself at its closing time). */
  close: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/close", ...byId } })
    .input(tripIdInput)
    .output(tripOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.close(ctx.session.user.id, input.tripId)),

  /** The tripper opens a closed list again, until the trip leaves (issue 43 §3). */
  reopen: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/reopen", ...byId } })
    .input(tripIdInput)
    .output(tripOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.reopen(ctx.session.user.id, input.tripId)),

  /** The tripper cancels: its items become ordinary open requests of their requesters, who are told. */
  cancel: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/cancel", ...byId } })
    .input(tripIdInput)
    .output(tripOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.cancel(ctx.session.user.id, input.tripId)),

  /** The tripper's tick on one item: "got", "not_there" or back to "pending". */
  markItem: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/items/:requestId/mark", body: true, ...byId } })
    .input(markTripItemInput)
    .output(tripItemOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.markItem(ctx.session.user.id, input)),

  /**
   * The tripper hands one neighbour their things: every item marked "got" is fulfilled, every one marked
   * "not_there" goes back to the neighbour as an ordinary open request. Answers the trip as the tripper reads it.
   */
  deliver: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/neighbours/:userId/deliver", ...byId } })
    .input(deliverTripItemsInput)
    .output(tripDetailOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.deliver(ctx.session.user.id, input.tripId, input.userId)),

  /** "Take them along": claim offered open requests (same groups, same store) onto the trip. */
  take: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/take", body: true, ...byId } })
    .input(takeAlongInput)
    .output(tripDetailOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.take(ctx.session.user.id, input.tripId, input.requestIds)),

  /** A weekly trip: the next one is not announced (the one after is). */
  skipNext: protectedProcedure
    .meta({ rest: { method: "POST", path: "/trips/:id/skip-next", ...byId } })
    .input(tripIdInput)
    .output(tripOutput)
    .mutation(({ ctx, input }) => ctx.services.trips.skipNext(ctx.session.user.id, input.tripId)),

  /** The trip as a calendar event (the tripper's, or anyone's who can see it); REST sends text/calendar. */
  calendar: protectedProcedure
    .meta({ rest: { method: "GET", path: "/trips/:id/calendar.ics", answer: "calendar", ...byId } })
    .input(tripIdInput)
    .output(calendarFileOutput)
    .query(({ ctx, input }) => ctx.services.trips.calendar(ctx.session.user.id, input.tripId, ctx.session.user.locale)),
});
