import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { personName } from "./trip-texts";
import type { TripDetail } from "./types";

/**
 * Open requests in the trip's groups for the same store, offered to the tripper (PRODUCT "Trips on screen"): "3 open
 * requests for Aldi: take them along?", all at once or one by one.
 */
export function TakeAlong({
  trip,
  busy,
  onTake,
}: {
  trip: Pick<TripDetail, "store" | "takeAlong">;
  busy: boolean;
  onTake: (requestIds: string[]) => void;
}) {
  const t = useT();
  if (trip.takeAlong.length === 0) return null;
  return (
    <section className="card trip-take-along" aria-labelledby="trip-take-along-title">
      <h2 id="trip-take-along-title">
        {t("trips.takeAlongTitle", { count: trip.takeAlong.length, store: trip.store })}
      </h2>
      <ul className="trip-take-list">
        {trip.takeAlong.map((request) => (
          <li key={request.id}>
            <span>
              <strong>{request.itemDescription}</strong>{" "}
              <span className="muted small">
                {personName(t, request.creator.name)} · {request.groupName}
              </span>
            </span>
            <Button
              variant="secondary"
              className="btn-small"
              disabled={busy}
              aria-label={t("trips.takeOneLabel", { item: request.itemDescription })}
              onClick={() => onTake([request.id])}
            >
              {t("trips.takeOne")}
            </Button>
          </li>
        ))}
      </ul>
      {trip.takeAlong.length > 1 && (
        <Button needsNetwork busy={busy} onClick={() => onTake(trip.takeAlong.map((r) => r.id))}>
          {t("trips.takeAll")}
        </Button>
      )}
    </section>
  );
}
