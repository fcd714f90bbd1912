import { Link } from "react-router";
import { useT } from "../../i18n/useT";
import { formatWeekdayTime } from "../../lib/dates";
import { closesText, personName, statusText } from "./trip-texts";
import type { Trip } from "./types";

/**
 * One trip in a list: "Ana is going to Aldi, Sat 14 Jun, 09:00 (closes 08:00)" and the way onto its list:
 * "Add to the list" while it takes items, "Open the list" for the tripper and once it is closed.
 */
export function TripLine({ trip, viewerId, now }: { trip: Trip; viewerId: string; now: Date }) {
  const t = useT();
  const own = trip.tripperId === viewerId;
  const departs = formatWeekdayTime(trip.departsAt, now);
  const line = own
    ? t("trips.ownTripLine", { store: trip.store, departs })
    : t("trips.openTripLine", { name: personName(t, trip.tripper.name), store: trip.store, departs });
  const count =
    trip.maxItems === null
      ? t("trips.itemCount", { count: trip.itemCount })
      : t("trips.itemCountOfMax", { count: trip.itemCount, max: trip.maxItems });
  return (
    <li className="trip-line" data-testid="trip-line">
      <div className="trip-line-text">
        <p className="trip-line-title">{line}</p>
        <p className="small muted">
          {trip.status === "open" ? t("trips.closesAt", { time: closesText(trip, now) }) : statusText(t, trip.status)}
          {" · "}
          {count}
        </p>
      </div>
      <Link
        className={`btn ${trip.status === "open" && !own ? "btn-primary" : "btn-secondary"} trip-line-action`}
        to={`/trips/${trip.id}`}
        aria-label={`${trip.status === "open" && !own ? t("trips.addToList") : t("trips.openList")}: ${line}`}
      >
        {trip.status === "open" && !own ? t("trips.addToList") : t("trips.openList")}
      </Link>
    </li>
  );
}
