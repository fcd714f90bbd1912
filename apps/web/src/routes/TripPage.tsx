import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Alert, Button, ConfirmModal, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { useAuth } from "../features/auth/AuthProvider";
import { AddItemForm } from "../features/trips/AddItemForm";
import { ShoppingList } from "../features/trips/ShoppingList";
import { TakeAlong } from "../features/trips/TakeAlong";
import { closesText, isFull, personName, statusText } from "../features/trips/trip-texts";
import type { TripDetail, TripItem, TripItemMark, TripNeighbour } from "../features/trips/types";
import { useTripLiveUpdates } from "../features/trips/useTripLiveUpdates";
import { useT } from "../i18n/useT";
import { formatWeekdayTime, msOf } from "../lib/dates";
import { useOnline } from "../lib/online";
import { errorMessage, errorStatus, trpc, type CurrentUser } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/trips/trips.css";

/**
 * Read again this often (and on returning to the tab): a list that closes by its time has no event, and the
 * live stream may be down. Every change someone makes comes live (useTripLiveUpdates).
 */
const REFRESH_MS = 30_000;

/**
 * One trip (PRODUCT "Trips on screen"): its facts for everyone who can see it; for a neighbour, the form to add an item
 * and their items on it; for the tripper, closing the list, cancelling, the requests to take along, and once
 * the list is closed the shopping list to shop from.
 */
export default function TripPage() {
  const { user } = useAuth();
  const { id = "" } = useParams();
  if (!user) return <Spinner />;
  return <OneTrip key={id} id={id} viewer={user} />;
}

function OneTrip({ id, viewer }: { id: string; viewer: CurrentUser }) {
  const t = useT();
  const online = useOnline();
  useTripLiveUpdates(id);
  const query = trpc.trips.byId.useQuery({ tripId: id }, { refetchInterval: REFRESH_MS });
  const trip = query.data;
  usePageTitle(trip ? t("trips.tripTitle", { store: trip.store }) : t("trips.tripTitleFallback"));

  if (!trip) {
    const status = errorStatus(query.error);
    if (query.isError && (status === 404 || status === 400)) {
      return (
        <TripFrame title={t("trips.tripTitleFallback")}>
          <Alert type="info">
            <strong>{t("trips.notFoundTitle")}</strong> {t("trips.notFoundText")}
          </Alert>
        </TripFrame>
      );
    }
    if (query.isError) {
      return (
        <TripFrame title={t("trips.tripTitleFallback")}>
          <Alert>
            {t("trips.loadTripFailed")}{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void query.refetch()}>
              {t("trips.retry")}
            </Button>
          </Alert>
        </TripFrame>
      );
    }
    if (!online) {
      return (
        <TripFrame title={t("trips.tripTitleFallback")}>
          <Alert type="warning">{t("trips.offline")}</Alert>
        </TripFrame>
      );
    }
    return <Spinner label={t("trips.loadingTrip")} />;
  }

  return (
    <TripFrame title={t("trips.tripTitle", { store: trip.store })}>
      <TripFacts trip={trip} viewerId={viewer.id} />
      {trip.tripperId === viewer.id ? <TripperView trip={trip} /> : <MemberView trip={trip} viewerId={viewer.id} />}
    </TripFrame>
  );
}

function TripFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="page page-medium trip-page">
      <p className="small">
        <Link to="/trips">{t("trips.allTrips")}</Link>
      </p>
      <h1 className="trip-page-title">{title}</h1>
      {children}
    </div>
  );
}

function TripFacts({ trip, viewerId }: { trip: TripDetail; viewerId: string }) {
  const t = useT();
  const now = new Date();
  return (
    <section className="card trip-facts" aria-label={t("trips.tripTitle", { store: trip.store })}>
      <p className="trip-facts-who">
        <strong>
          {trip.tripperId === viewerId
            ? t("trips.byYou")
            : t("trips.byNeighbour", { name: personName(t, trip.tripper.name) })}
        </strong>
        <span className={`badge trip-status trip-status-${isFull(trip) ? "full" : trip.status}`}>
          {statusText(t, trip.status, isFull(trip))}
        </span>
        {trip.repeat && <span className="badge trip-repeat">{t("trips.repeatsWeekly")}</span>}
      </p>
      <p>{t("trips.leaves", { date: formatWeekdayTime(trip.departsAt, now) })}</p>
      {trip.status === "open" && !isFull(trip) && <p>{t("trips.takesItemsUntil", { date: closesText(trip, now) })}</p>}
      <p className="small muted">
        {trip.maxItems === null
          ? t("trips.itemCount", { count: trip.itemCount })
          : t("trips.itemCountOfMax", { count: trip.itemCount, max: trip.maxItems })}
      </p>
      {trip.note && <p className="trip-note">{trip.note}</p>}
      {trip.repeat && trip.skipNext && <p className="small muted">{t("trips.nextSkipped")}</p>}
      {trip.status !== "cancelled" && (
        // A plain link: the browser downloads the file with the session cookie (as a request's calendar file).
        <p>
          <a
            className="btn btn-secondary btn-small"
            href={`/api/trips/${encodeURIComponent(trip.id)}/calendar.ics`}
            download
          >
            {t("trips.addToCalendar")}
          </a>
        </p>
      )}
    </section>
  );
}

/** A neighbour on someone's trip: add while it is open, and see their own items on it. */
function MemberView({ trip, viewerId }: { trip: TripDetail; viewerId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const mine = trip.neighbours.filter((n) => n.neighbour.id === viewerId);
  const refresh = () => {
    void utils.trips.byId.invalidate({ tripId: trip.id });
    void utils.trips.list.invalidate();
  };
  return (
    <>
      {trip.status === "open" &&
        (isFull(trip) ? (
          <Alert type="info">{t("trips.fullForMember", { name: personName(t, trip.tripper.name) })}</Alert>
        ) : (
          <AddItemForm tripId={trip.id} onAdded={refresh} />
        ))}
      {trip.status === "closed" && (
        <Alert type="info">{t("trips.closedForMember", { name: personName(t, trip.tripper.name) })}</Alert>
      )}
      {trip.status === "cancelled" && (
        <Alert type="info">
          {t("trips.cancelledText")}
          {trip.repeat && <> {t("trips.cancelledWeekly")}</>}
        </Alert>
      )}
      {trip.status !== "cancelled" && (
        <section className="trip-section" aria-labelledby="trip-my-items-title">
          <h2 id="trip-my-items-title">{t("trips.myItemsTitle")}</h2>
          {mine.length === 0 ? (
            <p className="muted">{t("trips.myItemsEmpty")}</p>
          ) : (
            <ShoppingList neighbours={mine} shopping={false} />
          )}
        </section>
      )}
    </>
  );
}

/** The tripper: close the list, cancel, take requests along, and shop from the list once it is closed. */
function TripperView({ trip }: { trip: TripDetail }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [busyAction, setBusyAction] = useState<"close" | "reopen" | "cancel" | "take" | "skip" | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  // Issue 43: "Not there" ends the item for good, so it asks first, saying where the item goes.
  const [notThere, setNotThere] = useState<TripItem | null>(null);
  const notThereName = notThere
    ? personName(t, trip.neighbours.find((n) => n.items.some((i) => i.id === notThere.id))?.neighbour.name ?? "")
    : "";

  const setTrip = (next: TripDetail) => utils.trips.byId.setData({ tripId: trip.id }, next);
  const refresh = () => {
    void utils.trips.byId.invalidate({ tripId: trip.id });
    void utils.trips.list.invalidate();
  };
  const busy = (id: string, on: boolean) =>
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function close() {
    setBusyAction("close");
    try {
      await utils.client.trips.close.mutate({ tripId: trip.id });
      toast.success(t("trips.listClosed"));
    } catch (error) {
      toast.error(errorMessage(error, t("trips.closeFailed")));
    } finally {
      setConfirmingClose(false);
      setBusyAction(null);
      refresh();
    }
  }

  async function reopen() {
    setBusyAction("reopen");
    try {
      await utils.client.trips.reopen.mutate({ tripId: trip.id });
      toast.success(t("trips.listReopened"));
    } catch (error) {
      toast.error(errorMessage(error, t("trips.reopenFailed")));
    } finally {
      setBusyAction(null);
      refresh();
    }
  }

  async function cancel() {
    setBusyAction("cancel");
    try {
      await utils.client.trips.cancel.mutate({ tripId: trip.id });
      toast.success(t("trips.tripCancelled"));
      setConfirmingCancel(false);
    } catch (error) {
      toast.error(errorMessage(error, t("trips.cancelFailed")));
    } finally {
      setBusyAction(null);
      refresh();
    }
  }

  async function skipNext() {
    setBusyAction("skip");
    try {
      await utils.client.trips.skipNext.mutate({ tripId: trip.id });
      toast.success(t("trips.nextSkipped"));
    } catch (error) {
      toast.error(errorMessage(error, t("trips.skipNextFailed")));
    } finally {
      setBusyAction(null);
      refresh();
    }
  }

  async function take(requestIds: string[]) {
    setBusyAction("take");
    try {
      setTrip(await utils.client.trips.take.mutate({ tripId: trip.id, requestIds }));
      toast.success(t("trips.taken"));
    } catch (error) {
      toast.error(errorMessage(error, t("trips.takeFailed")));
      refresh();
    } finally {
      setBusyAction(null);
    }
  }

  async function mark(item: TripItem, state: TripItemMark) {
    busy(item.id, true);
    // The tick shows at once; a refusal puts the list back as the server has it.
    utils.trips.byId.setData(
      { tripId: trip.id },
      (current) =>
        current && {
          ...current,
          neighbours: current.neighbours.map((n) => ({
            ...n,
            items: n.items.map((i) => (i.id === item.id ? { ...i, mark: state } : i)),
          })),
        },
    );
    try {
      const marked = await utils.client.trips.markItem.mutate({ tripId: trip.id, requestId: item.id, state });
      // "Not there" ends the item (issue 43 §1): it is back with its requester, and the list says so.
      utils.trips.byId.setData(
        { tripId: trip.id },
        (current) =>
          current && {
            ...current,
            itemCount: state === "not_there" ? current.itemCount - 1 : current.itemCount,
            neighbours: current.neighbours.map((n) => ({
              ...n,
              items: n.items.map((i) => (i.id === marked.id ? marked : i)),
            })),
          },
      );
      if (state === "not_there") refresh();
    } catch (error) {
      toast.error(errorMessage(error, t("trips.markFailed")));
      refresh();
    } finally {
      busy(item.id, false);
    }
  }

  async function deliver(neighbour: TripNeighbour) {
    const name = personName(t, neighbour.neighbour.name);
    busy(neighbour.neighbour.id, true);
    try {
      setTrip(await utils.client.trips.deliver.mutate({ tripId: trip.id, userId: neighbour.neighbour.id }));
      toast.success(t("trips.deliveredDone", { name }));
    } catch (error) {
      toast.error(errorMessage(error, t("trips.deliverFailed")));
      refresh();
    } finally {
      busy(neighbour.neighbour.id, false);
    }
  }

  if (trip.status === "cancelled") {
    return <Alert type="info">{trip.repeat ? t("trips.cancelledWeekly") : t("trips.statusCancelled")}</Alert>;
  }
  const shopping = trip.status === "closed";
  // A closed list opens again until the trip leaves (issue 43 §3).
  const canReopen = shopping && msOf(trip.departsAt) > new Date().getTime();
  return (
    <>
      <div className="row trip-actions">
        {trip.status === "open" && (
          <Button needsNetwork onClick={() => setConfirmingClose(true)} disabled={busyAction !== null}>
            {t("trips.closeList")}
          </Button>
        )}
        {canReopen && (
          <Button
            needsNetwork
            variant="secondary"
            onClick={() => void reopen()}
            busy={busyAction === "reopen"}
            disabled={busyAction !== null}
          >
            {busyAction === "reopen" ? t("trips.reopening") : t("trips.reopenList")}
          </Button>
        )}
        {trip.repeat && !trip.skipNext && (
          <Button
            needsNetwork
            variant="secondary"
            onClick={() => void skipNext()}
            busy={busyAction === "skip"}
            disabled={busyAction !== null}
          >
            {busyAction === "skip" ? t("trips.skipping") : t("trips.skipNext")}
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirmingCancel(true)} disabled={busyAction !== null}>
          {t("trips.cancelTrip")}
        </Button>
      </div>
      {trip.status === "open" && (
        <TakeAlong trip={trip} busy={busyAction === "take"} onTake={(ids) => void take(ids)} />
      )}
      <section className="trip-section" aria-labelledby="trip-list-title">
        <h2 id="trip-list-title">{shopping ? t("trips.shoppingListTitle") : t("trips.listSoFar")}</h2>
        {trip.neighbours.length === 0 ? (
          <p className="muted">{t("trips.shoppingListEmpty")}</p>
        ) : (
          <>
            {shopping && <p className="small muted">{t("trips.shoppingListIntro")}</p>}
            <ShoppingList
              neighbours={trip.neighbours}
              shopping={shopping}
              busyIds={busyIds}
              onMark={(item, state) => (state === "not_there" ? setNotThere(item) : void mark(item, state))}
              onDeliver={(neighbour) => void deliver(neighbour)}
            />
          </>
        )}
      </section>
      <ConfirmModal
        open={confirmingClose}
        title={t("trips.closeTitle")}
        message={t("trips.closeText")}
        confirmLabel={t("trips.closeList")}
        cancelLabel={t("trips.keepOpen")}
        busy={busyAction === "close"}
        onConfirm={() => void close()}
        onClose={() => {
          if (busyAction !== "close") setConfirmingClose(false);
        }}
      />
      <ConfirmModal
        open={notThere !== null}
        title={t("trips.notThereConfirmTitle", { item: notThere?.itemDescription ?? "" })}
        message={
          notThere?.ifUnavailable === "skip"
            ? t("trips.notThereConfirmClosed", { name: notThereName })
            : t("trips.notThereConfirmOpen", { name: notThereName })
        }
        confirmLabel={t("trips.notThereConfirm")}
        cancelLabel={t("trips.notThereKeep")}
        onConfirm={() => {
          if (notThere) void mark(notThere, "not_there");
          setNotThere(null);
        }}
        onClose={() => setNotThere(null)}
      />
      <ConfirmModal
        open={confirmingCancel}
        title={t("trips.cancelTitle")}
        message={trip.repeat ? t("trips.cancelTextWeekly") : t("trips.cancelText")}
        confirmLabel={t("trips.cancelTrip")}
        cancelLabel={t("trips.keepTrip")}
        busy={busyAction === "cancel"}
        onConfirm={() => void cancel()}
        onClose={() => setConfirmingCancel(false)}
      />
    </>
  );
}
