import { Link } from "react-router";
import { useT } from "../../i18n/useT";
import { TripLine } from "./TripLine";
import type { Trip } from "./types";
import "./trips.css";

/**
 * The dashboard's trips (PRODUCT "Trips on screen"), at its top: the open trips in the viewer's groups and
 * the viewer's own until they leave, as the dashboard's one call answers them (so its answer cache and live
 * reloads serve them too), and "Going shopping? Announce a trip". Its own chunk with its own texts: the
 * dashboard's first download has no room for them.
 */
export function DashboardTrips({ trips, viewerId, now }: { trips: readonly Trip[]; viewerId: string; now: Date }) {
  const t = useT();
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
