import type { AddTripItem, CreateTrip, TripItemMark } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { addTripItem } from "./add-item";
import { announceTrip } from "./announce";
import { announceNextTrip } from "./announce-next";
import { tripById } from "./by-id";
import { tripCalendar } from "./calendar";
import { cancelTrip } from "./cancel";
import { closeTrip } from "./close";
import { deliverToNeighbour } from "./deliver";
import { listTrips } from "./list";
import { markTripItem } from "./mark-item";
import { reopenTrip } from "./reopen";
import type { NextTripJob } from "./series";
import { skipNextTrip } from "./skip-next";
import { takeOntoTrip } from "./take";

/**
 * Trips (issue 28, ADR 0022): announce, add to, close, shop, deliver, cancel; one operation per file, each
 * `(deps, caller, input)`. What several share: `trip-locks.ts`, `trip-reads.ts`, `endings.ts`.
 */
export function createTripsService(deps: CoreDeps) {
  return {
    create: (userId: string, input: CreateTrip) => announceTrip(deps, userId, input),
    announceNext: (job: NextTripJob) => announceNextTrip(deps, job),
    list: (userId: string) => listTrips(deps, userId),
    byId: (userId: string, tripId: string) => tripById(deps, userId, tripId),
    addItem: (userId: string, input: AddTripItem) => addTripItem(deps, userId, input),
    close: (userId: string, tripId: string) => closeTrip(deps, userId, tripId),
    reopen: (userId: string, tripId: string) => reopenTrip(deps, userId, tripId),
    cancel: (userId: string, tripId: string) => cancelTrip(deps, userId, tripId),
    markItem: (userId: string, input: { tripId: string; requestId: string; state: TripItemMark }) =>
      markTripItem(deps, userId, input),
    deliver: (userId: string, tripId: string, neighbourId: string) =>
      deliverToNeighbour(deps, userId, { tripId, neighbourId }),
    take: (userId: string, tripId: string, requestIds: string[]) => takeOntoTrip(deps, userId, { tripId, requestIds }),
    skipNext: (userId: string, tripId: string) => skipNextTrip(deps, userId, tripId),
    calendar: (userId: string, tripId: string, locale: string) => tripCalendar(deps, userId, { tripId, locale }),
  };
}
