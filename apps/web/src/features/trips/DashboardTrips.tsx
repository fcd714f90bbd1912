import { use } from "react";
import { Link } from "react-router";
import { useAuth } from "../auth/AuthProvider";
import { loadNamespaces } from "../../i18n/i18n";
import { useT } from "../../i18n/useT";
import { formatWeekdayTime } from "../../lib/dates";
import { closesText, isFull, personName, statusText } from "./trip-texts";
import type { Trip } from "./types";
import "./trips.css";

// Its texts start loading with this chunk, and the section waits for them (`use`), so the dashboard's first
// download carries no more than the `import()` (ADR 0011's budget).
const texts = loadNamespaces(["trips"]);

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
  // A full trip takes no more (issue 43 §3): it says so, and leads to its list, not to the form.
  const adding = trip.status === "open" && !own && !isFull(trip);
  const count =
    trip.maxItems === null
      ? t("trips.itemCount", { count: trip.itemCount })
      : t("trips.itemCountOfMax", { count: trip.itemCount, max: trip.maxItems });
  return (
    <li className="trip-line" data-testid="trip-line">
      <div className="trip-line-text">
        <p className="trip-line-title">{line}</p>
        <p className="small muted">
          {trip.status === "open" && !isFull(trip)
            ? t("trips.closesAt", { time: closesText(trip, now) })
            : statusText(t, trip.status, isFull(trip))}
          {" · "}
          {count}
        </p>
      </div>
      <Link
        className={`btn ${adding ? "btn-primary" : "btn-secondary"} trip-line-action`}
        to={`/trips/${trip.id}`}
        aria-label={`${adding ? t("trips.addToList") : t("trips.openList")}: ${line}`}
      >
        {adding ? t("trips.addToList") : t("trips.openList")}
      </Link>
    </li>
  );
}

/**
 * The dashboard's trips (PRODUCT "Trips on screen"), at its top: the open trips in the viewer's groups and
 * the viewer's own until they leave, as the dashboard's one call answers them (so its answer cache and live
 * reloads serve them too), and "Going shopping? Announce a trip". Its own chunk with its own texts: the
 * dashboard's first download has no room for them.
 */
export default function DashboardTrips({ trips }: { trips: readonly Trip[] }) {
  use(texts);
  const t = useT();
  const viewerId = useAuth().user?.id ?? "";
  const now = new Date();
  return (
    <section className="dashboard-section dashboard-trips" aria-labelledby="dashboard-trips-title">
      <div className="dashboard-section-header">
        <h2 id="dashboard-trips-title">{t("trips.tripsTitle")}</h2>
        <Link to="/trips" className="small">
          {t("trips.allTrips")}
        </Link>
      </div>
      {trips.length > 0 && (
        <ul className="trip-lines" aria-labelledby="dashboard-trips-title">
          {trips.map((trip) => (
            <TripLine key={trip.id} trip={trip} viewerId={viewerId} now={now} />
          ))}
        </ul>
      )}
      <p className="trip-announce-prompt">
        {t("trips.goingShopping")} <Link to="/trips?announce=1">{t("trips.announceLink")}</Link>
      </p>
    </section>
  );
}
