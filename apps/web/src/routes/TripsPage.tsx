import { useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Alert, Button, EmptyState, Spinner } from "../components/ui";
import { useAuth } from "../features/auth/AuthProvider";
import { AnnounceTripForm } from "../features/trips/AnnounceTripForm";
import { TripLine } from "../features/trips/DashboardTrips";
import { useT } from "../i18n/useT";
import { useOnline } from "../lib/online";
import { trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/trips/trips.css";
import TripPage from "./TripPage";

/**
 * `/trips` and `/trips/:id`, one chunk for both (the entry lists each screen's files: one name, not two,
 * ADR 0011's budget): the list, or one trip.
 */
export default function TripsScreen() {
  const { id } = useParams();
  return id ? <TripPage /> : <TripsList />;
}

/**
 * The trips page (PRODUCT "Trips on screen"): every trip the viewer can see, soonest first, and the form to announce
 * one (opened from the dashboard's "Announce a trip" as /trips?announce=1).
 */
function TripsList() {
  const t = useT();
  usePageTitle(t("trips.tripsTitle"));
  const { user } = useAuth();
  const online = useOnline();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [announcing, setAnnouncing] = useState(params.get("announce") === "1");
  const trips = trpc.trips.list.useQuery();
  const groups = trpc.groups.list.useQuery();
  const now = new Date();

  const closeForm = () => {
    setAnnouncing(false);
    if (params.has("announce")) setParams({}, { replace: true });
  };
  if (!user) return <Spinner />;

  const groupChoices = (groups.data ?? []).map((g) => ({ id: g.id, name: g.name }));

  return (
    <div className="page page-medium trips-page">
      <header className="page-header">
        <div>
          <h1>{t("trips.tripsTitle")}</h1>
          <p className="muted">{t("trips.tripsIntro")}</p>
        </div>
        {!announcing && (
          <Button onClick={() => setAnnouncing(true)} disabled={groups.isSuccess && groupChoices.length === 0}>
            {t("trips.announceLink")}
          </Button>
        )}
      </header>
      {announcing &&
        (groups.data ? (
          groupChoices.length === 0 ? (
            <Alert type="info">{t("trips.noGroups")}</Alert>
          ) : (
            <AnnounceTripForm
              groups={groupChoices}
              now={now}
              onCancel={closeForm}
              onAnnounced={(trip) => void navigate(`/trips/${trip.id}`)}
            />
          )
        ) : groups.isError ? (
          <Alert>{t("trips.loadTripsFailed")}</Alert>
        ) : (
          <Spinner />
        ))}
      {groups.isSuccess && groupChoices.length === 0 && !announcing && <Alert type="info">{t("trips.noGroups")}</Alert>}
      <section className="trips-list" aria-label={t("trips.tripsTitle")}>
        {trips.data ? (
          trips.data.length === 0 ? (
            <EmptyState title={t("trips.noTripsTitle")}>
              <p>{t("trips.noTrips")}</p>
            </EmptyState>
          ) : (
            <ul className="trip-lines">
              {trips.data.map((trip) => (
                <TripLine key={trip.id} trip={trip} viewerId={user.id} now={now} />
              ))}
            </ul>
          )
        ) : trips.isError ? (
          <Alert>
            {t("trips.loadTripsFailed")}{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void trips.refetch()}>
              {t("trips.retry")}
            </Button>
          </Alert>
        ) : !online ? (
          <Alert type="warning">{t("trips.offline")}</Alert>
        ) : (
          <Spinner />
        )}
      </section>
    </div>
  );
}
