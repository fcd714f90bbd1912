import { IF_UNAVAILABLE_CHOICES, nextNotifyAt } from "@hyn/validators/rules";
import { useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { CardMenuContext } from "./card-menu";
import { Button, ConfirmModal } from "../../components/ui";
import { dateOf, formatDateTime, formatWeekdayDay, formatWeekdayTime } from "../../lib/dates";
import { isKnown } from "../../lib/known-values";
import { useT } from "../../i18n/useT";
import { awaitingFirstOfferOf, displayStatusOf, formatNeededBy, personName, requestPermissions } from "./request-rules";
import { RequestThanks } from "./RequestThanks";
import { AddToCalendarLink } from "./AddToCalendarLink";
import { anyoneHears, lastReachSentence } from "./reach";
import { StatusBadge } from "./StatusBadge";
import type { RequestActions } from "./useRequestActions";
import type { RequestView } from "./types";

type SeriesAction = "stop" | "take";
type Action = "claim" | "unclaim" | "fulfill" | "notify" | "remove" | "skip" | SeriesAction;
type RequestAction = Exclude<Action, "remove" | "skip" | SeriesAction>;

/**
 * A request card (PRODUCT "Screens"): item, store, pickup notes, needed-by, group, creator and helper, the status
 * badge, and the actions the viewer may take (request-rules.ts decides which).
 */
export function RequestCard({
  request,
  viewerId,
  now,
  actions,
  highlighted = false,
  changed = false,
  focusClaim = false,
  onRemoved,
  onSkipped,
  reportAction,
}: {
  request: RequestView;
  viewerId: string;
  now: Date;
  actions: RequestActions;
  highlighted?: boolean;
  changed?: boolean;
  /** Focus "I can help" when shown (a notification's link): one tap, or Enter, claims. */
  focusClaim?: boolean;
  /** The card is about to go: the list moves focus somewhere that stays. */
  onRemoved?: () => void;
  /** This occurrence was skipped (issue 43 §2): the series' next one (null: none yet); the page moves to it. */
  onSkipped?: (nextId: string | null) => void;
  /** A neighbour's request's "Report" button (issue 29), given by the screens that offer it. */
  reportAction?: (request: RequestView, titleId: string) => ReactNode;
}) {
  const t = useT();
  const cardMenu = useContext(CardMenuContext);
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmSkip, setConfirmSkip] = useState(false);
  const status = displayStatusOf(request, now);
  const can = requestPermissions(request, viewerId, now);
  const titleId = `request-${request.id}-title`;
  const isOwner = request.userId === viewerId;
  const inCalendar = request.status === "claimed" && (isOwner || request.claimedBy === viewerId);
  // Posting notifies the group, so the button waits out the hour instead of answering "too soon".
  const notifyFrom = nextNotifyAt(request.lastNotifiedAt === null ? null : dateOf(request.lastNotifiedAt));
  const notifyWaiting = can.canNotify && notifyFrom > now;
  const notifyNoteId = `request-${request.id}-notify-note`;
  // Who heard of the last notice (PRODUCT "Who will hear"): the owner's card says it while the request is open.
  const showReach = isOwner && status === "open" && request.lastReach !== null && request.lastNotifiedAt !== null;
  // A repeating request (issue 28 §2): the requester skips the next one or stops it; another member may do it
  // every time while nobody does.
  const repeats = request.repeats;
  const canSkip = Boolean(repeats) && isOwner && request.status === "open" && status === "open";
  const canStop = Boolean(repeats) && isOwner;
  const canTakeSeries = Boolean(repeats) && !isOwner && request.seriesHelperId === null && status !== "fulfilled";
  // Issue 41 §3: a request nobody has offered for at half its time says so (and sorts first), and a neighbour's first
  // request in the group is marked for the others while it is still to do, so someone answers it.
  const awaiting = awaitingFirstOfferOf(request, now);
  const firstRequest = request.firstInGroup && !isOwner && (status === "open" || status === "claimed");

  // The pressed button is disabled while it works, then replaced (I can help becomes Mark fulfilled):
  // the keyboard's place goes back to the card rather than to the page's start.
  const cardRef = useRef<HTMLElement>(null);
  const refocusCard = useRef(false);
  useEffect(() => {
    if (busy !== null || !refocusCard.current) return;
    refocusCard.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) cardRef.current?.focus();
  }, [busy]);

  // Fulfilled, the card may leave its list while focus is on it: follow the request to where it shows
  // now, else to the top of the list it left, else to the page's main region.
  const requestId = request.id;
  // A layout effect: its clean-up runs while the card is still in the document, focus still in it.
  useLayoutEffect(() => {
    const card = cardRef.current;
    return () => {
      if (!card?.contains(document.activeElement)) return;
      const section = card?.closest("section");
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        const target =
          document.getElementById(`request-${requestId}`) ??
          section?.querySelector<HTMLElement>("h2[tabindex]") ??
          document.getElementById("main");
        target?.focus();
      });
    };
  }, [requestId]);

  async function run(action: RequestAction) {
    refocusCard.current = cardRef.current?.contains(document.activeElement) ?? false;
    setBusy(action);
    try {
      await actions[action](request);
    } finally {
      setBusy(null);
    }
  }

  async function runSeries(action: SeriesAction) {
    setBusy(action);
    try {
      await actions.series(request, action);
    } finally {
      setBusy(null);
    }
  }

  function seriesButton(action: SeriesAction, label: string) {
    return (
      <Button
        variant="secondary"
        className="btn-small"
        busy={busy === action}
        disabled={busy !== null}
        needsNetwork
        aria-describedby={titleId}
        onClick={() => void runSeries(action)}
      >
        {label}
      </Button>
    );
  }

  async function skip() {
    setBusy("skip");
    const next = await actions.skip(request);
    setBusy(null);
    setConfirmSkip(false);
    if (next !== undefined) onSkipped?.(next);
  }

  // Named for the day it skips ("Skip Mon 7 Dec"): the occurrence this card shows, never a later one.
  const skipDay = formatWeekdayDay(request.neededBy);

  async function remove() {
    setBusy("remove");
    const deleted = await actions.remove(request, onRemoved);
    // A deleted card unmounts with its dialog; a refused one stays, so close the dialog and stop.
    if (!deleted) {
      setConfirmDelete(false);
      setBusy(null);
    }
  }

  const actionButton = (
    action: RequestAction,
    label: string,
    variant: "primary" | "secondary" | "ghost",
    waiting = false,
  ) => (
    <Button
      autoFocus={focusClaim && action === "claim"}
      variant={variant}
      className="btn-small"
      busy={busy === action}
      disabled={busy !== null || waiting}
      needsNetwork
      aria-describedby={waiting ? `${titleId} ${notifyNoteId}` : titleId}
      onClick={() => void run(action)}
    >
      {label}
    </Button>
  );

  return (
    <article
      ref={cardRef}
      id={`request-${request.id}`}
      tabIndex={-1}
      className={`card request-card request-card-${status}${highlighted ? " request-card-highlight" : ""}${changed ? " request-card-changed" : ""}`}
      aria-labelledby={titleId}
      data-testid="request-card"
      data-request-id={request.id}
    >
      <header className="request-card-header">
        <h3 id={titleId} className="request-card-title">
          {/* The title opens the request's page in the app (issue 30), as the card's share link does; the buttons stay buttons. */}
          <Link className="request-card-link" to={`/requests/${request.id}`}>
            {request.itemDescription}
          </Link>
        </h3>
        <StatusBadge status={status} />
        {!isOwner &&
          cardMenu?.({
            creator: request.creator,
            item: request.itemDescription,
            requestId: request.id,
            groupId: request.groupId,
          })}
      </header>

      {(awaiting || firstRequest) && (
        <p className="request-card-marks">
          {awaiting && (
            <span className="request-mark request-mark-unoffered" data-testid="request-unoffered">
              {t("requests.nobodyOfferedYet")}
            </span>
          )}
          {firstRequest && (
            <span className="request-mark request-mark-first" data-testid="request-first">
              {t("requests.firstRequestFrom", { name: personName(request.creator.name) })}
            </span>
          )}
        </p>
      )}

      <dl className="request-facts">
        <div>
          <dt>{t("requests.neededByLabel")}</dt>
          <dd>
            <time dateTime={request.neededBy} title={formatDateTime(request.neededBy)}>
              {formatNeededBy(request.neededBy, now)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t("requests.groupLabel")}</dt>
          <dd>{request.groupName}</dd>
        </div>
        {request.storePreference && (
          <div>
            <dt>{t("requests.store")}</dt>
            <dd>{request.storePreference}</dd>
          </div>
        )}
        <div>
          <dt>{t("requests.requestedBy")}</dt>
          <dd>
            {request.onBehalfOf ? (
              // Posted for a neighbour without the app (issue 42 §1): "For Mrs. Okafor · posted by Ana".
              <span data-testid="request-for">
                {t("requests.forNeighbour", {
                  name: request.onBehalfOf.name,
                  poster: isOwner ? t("requests.you") : personName(request.creator.name),
                })}
              </span>
            ) : (
              <>
                {isOwner ? t("requests.you") : personName(request.creator.name)}
                {!isOwner && request.creator.generalArea && (
                  <span className="muted"> · {request.creator.generalArea}</span>
                )}
              </>
            )}
          </dd>
        </div>
        {repeats && (
          <div>
            <dt>{t("requests.repeatsLabel")}</dt>
            <dd data-testid="request-repeats">
              {t(`requests.repeats_${repeats}`)}
              {request.seriesHelperId && (
                <span className="muted">
                  {" · "}
                  {request.seriesHelperId === viewerId ? t("requests.seriesYouEveryTime") : t("requests.seriesHelped")}
                </span>
              )}
            </dd>
          </div>
        )}
        {/* Nothing for a request posted before the choice existed (null), or a choice this build does not know. */}
        {isKnown(IF_UNAVAILABLE_CHOICES, request.ifUnavailable) && (
          <div>
            <dt>{t("requests.ifUnavailableLabel")}</dt>
            <dd>{t(`requests.ifUnavailable_${request.ifUnavailable}`)}</dd>
          </div>
        )}
        {request.helper && (
          <div>
            <dt>{t("requests.helper")}</dt>
            <dd>{request.helper.id === viewerId ? t("requests.you") : personName(request.helper.name)}</dd>
          </div>
        )}
      </dl>

      {request.pickupNotes && (
        <div className="request-notes">
          <span className="request-notes-label">{t("requests.pickupNotes")}</span>
          <p>{request.pickupNotes}</p>
        </div>
      )}

      {(can.canClaim ||
        can.canUnclaim ||
        can.canFulfill ||
        can.canNotify ||
        can.canDelete ||
        inCalendar ||
        canSkip ||
        canStop ||
        canTakeSeries ||
        (!isOwner && reportAction)) && (
        <div className="request-actions">
          {can.canClaim && actionButton("claim", t("requests.claim"), "primary")}
          {can.canFulfill && actionButton("fulfill", t("requests.fulfill"), "primary")}
          {can.canUnclaim && actionButton("unclaim", t("requests.unclaim"), "secondary")}
          {can.canNotify && actionButton("notify", t("requests.notify"), "secondary", notifyWaiting)}
          {canTakeSeries && seriesButton("take", t(`requests.series_take_${repeats!}`))}
          {canSkip && (
            <Button
              variant="secondary"
              className="btn-small"
              disabled={busy !== null}
              needsNetwork
              aria-describedby={titleId}
              onClick={() => setConfirmSkip(true)}
            >
              {t("requests.series_skip", { date: skipDay })}
            </Button>
          )}
          {canStop && seriesButton("stop", t("requests.series_stop"))}
          {inCalendar && <AddToCalendarLink requestId={request.id} describedBy={titleId} />}
          {can.canDelete && (
            <Button
              variant="ghost"
              className="btn-small request-delete"
              disabled={busy !== null}
              needsNetwork
              aria-describedby={titleId}
              onClick={() => setConfirmDelete(true)}
            >
              {t("requests.delete")}
            </Button>
          )}
          {/* A neighbour's request may be reported (issue 29): the screen passes the button, so the dashboard's first download does not carry it. */}
          {!isOwner && reportAction?.(request, titleId)}
        </div>
      )}

      <RequestThanks request={request} viewerId={viewerId} titleId={titleId} onThank={actions.thank} />

      {showReach && request.lastReach && request.lastNotifiedAt ? (
        <div
          id={notifyNoteId}
          className={`small request-notify-note${anyoneHears(request.lastReach) ? " muted" : " request-reach-nobody"}`}
          data-testid="request-reach"
        >
          <p>
            {lastReachSentence(
              t,
              request.lastReach,
              request.groupName,
              formatWeekdayTime(request.lastNotifiedAt, now),
              { sentAt: request.lastNotifiedAt, neededBy: request.neededBy },
            )}
            {notifyWaiting && <> {t("requests.notifyAgainFrom", { next: formatWeekdayTime(notifyFrom, now) })}</>}
          </p>
          {!anyoneHears(request.lastReach) && (
            <p>
              <Link to={`/requests/${request.id}`}>{t("requests.sharePage")}</Link>
            </p>
          )}
        </div>
      ) : (
        notifyWaiting &&
        request.lastNotifiedAt && (
          <p id={notifyNoteId} className="small muted request-notify-note">
            {t("requests.notifyWait", {
              last: formatWeekdayTime(request.lastNotifiedAt, now),
              next: formatWeekdayTime(notifyFrom, now),
            })}
          </p>
        )
      )}

      {canSkip && (
        <ConfirmModal
          open={confirmSkip}
          title={t("requests.series_skip_title", { date: skipDay })}
          message={t("requests.series_skip_text", { item: request.itemDescription, date: skipDay })}
          confirmLabel={t("requests.series_skip", { date: skipDay })}
          cancelLabel={t("requests.series_keep")}
          busy={busy === "skip"}
          onConfirm={() => void skip()}
          onClose={() => {
            if (busy !== "skip") setConfirmSkip(false);
          }}
        />
      )}

      <ConfirmModal
        open={confirmDelete}
        title={t("requests.deleteTitle")}
        message={
          <>
            <strong>{request.itemDescription}</strong>
            <br />
            {t("requests.deleteConfirmation")}
          </>
        }
        confirmLabel={t("requests.deleteConfirm")}
        cancelLabel={t("requests.keep")}
        busy={busy === "remove"}
        onConfirm={() => void remove()}
        onClose={() => {
          if (busy !== "remove") setConfirmDelete(false);
        }}
      />
    </article>
  );
}
