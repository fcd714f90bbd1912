import { renderTripCalendar } from "../calendar/trip-ics";
import { selectTrip } from "../request-views/trips";
import type { CoreDeps } from "../shared/deps";
import { tripNotFound } from "./trip-locks";

/** GET /trips/{id}/calendar.ics: the trip as a calendar event. */
export async function tripCalendar(
  deps: CoreDeps,
  userId: string,
  input: { tripId: string; locale: string },
): Promise<{ filename: string; contentType: string; content: string }> {
  const trip = await selectTrip(deps.db, deps.clock.now(), userId, input.tripId);
  if (!trip) throw tripNotFound();
  return renderTripCalendar(deps.config, trip, input.locale);
}
