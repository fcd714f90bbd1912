import type { AddTripItem, CreateTrip, RequestView, Trip, TripDetail, TripItem, TripItemMark } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";

/** Trips (issue 28, ADR 0022). */
export function createTripsService(deps: CoreDeps) {
  void deps;
  const pending = (): never => {
    throw new AppError("NOT_FOUND", "tripNotFound");
  };
  return {
    async create(_userId: string, _input: CreateTrip): Promise<Trip> {
      return pending();
    },
    async list(_userId: string): Promise<Trip[]> {
      return pending();
    },
    async byId(_userId: string, _tripId: string): Promise<TripDetail> {
      return pending();
    },
    async addItem(_userId: string, _input: AddTripItem): Promise<RequestView> {
      return pending();
    },
    async close(_userId: string, _tripId: string): Promise<Trip> {
      return pending();
    },
    async cancel(_userId: string, _tripId: string): Promise<Trip> {
      return pending();
    },
    async markItem(
      _userId: string,
      _input: { tripId: string; requestId: string; state: TripItemMark },
    ): Promise<TripItem> {
      return pending();
    },
    async deliver(_userId: string, _tripId: string, _neighbourId: string): Promise<TripDetail> {
      return pending();
    },
    async take(_userId: string, _tripId: string, _requestIds: string[]): Promise<TripDetail> {
      return pending();
    },
    async skipNext(_userId: string, _tripId: string): Promise<Trip> {
      return pending();
    },
    async calendar(
      _userId: string,
      _tripId: string,
      _locale: string,
    ): Promise<{ filename: string; contentType: string; content: string }> {
      return pending();
    },
  };
}
