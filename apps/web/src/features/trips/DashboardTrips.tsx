import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/useT";
import { trpc } from "../../lib/trpc";
import { TripLine } from "./TripLine";
import "./trips.css";

/** Trips are read again this often while the dashboard is open (and on every live change, see onChange). */
const REFRESH_MS = 60_000;

/**
 * The dashboard's trips (PRODUCT "Trips on screen"), at its top: every open trip in the viewer's groups, the viewer's
 * own until they leave, and "Going shopping? Announce a trip". Its own chunk with its own texts (the
 * dashboard's first download has no room), reading `trips.list` in a call of its own so the dashboard's
 * call stays the one the answer cache serves.
 */
export function DashboardTrips({
  viewerId,
  now,
  refreshedAt,
}: {
  viewerId: string;
  now: Date;
  /** When the dashboard's answer last came: a live change reloads it, and the trips with it (items are requests). */
  refreshedAt: number;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const trips = trpc.trips.list.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const firstRefresh = useRef(refreshedAt);
  useEffect(() => {
    if (refreshedAt !== firstRefresh.current) void utils.trips.list.invalidate();
  }, [refreshedAt, utils]);
  const shown = (trips.data ?? []).filter((trip) => trip.status === "open" || trip.tripperId === viewerId);
  return (
    <section className="dashboard-section dashboard-trips" aria-labelledby="dashboard-trips-title">
      <div className="dashboard-section-header">
        <h2 id="dashboard-trips-title">{t("trips.tripsTitle")}</h2>
        <Link to="/trips" className="small">
          {t("trips.allTrips")}
        </Link>
      </div>
      {shown.length > 0 && (
        <ul className="trip-lines" aria-labelledby="dashboard-trips-title">
          {shown.map((trip) => (
            <TripLine key={trip.id} trip={trip} viewerId={viewerId} now={now} />
          ))}
        </ul>
      )}
      {trips.isError && !trips.data && <p className="small muted">{t("trips.loadTripsFailed")}</p>}
      <p className="trip-announce-prompt">
        {t("trips.goingShopping")} <Link to="/trips?announce=1">{t("trips.announceLink")}</Link>
      </p>
    </section>
  );
}
