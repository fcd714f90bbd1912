import { Suspense, useId, useState } from "react";
import { lazyWhenOnline } from "../../lib/lazy-when-online";
import { useNavigate } from "react-router";
import { Button, ConfirmModal, Spinner } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc } from "../../lib/trpc";
import { displayStatusOf, personName } from "../requests/request-rules";
import { formatWeekdayDay } from "../../lib/dates";
import type { RequestView } from "../requests/types";
import "./series.css";

const EditSeriesDialog = lazyWhenOnline(() => import("./EditSeriesDialog"));

/**
 * On a repeating request's page, for its requester (issue 28 §2): "Edit repeating request" (the dialog loads when
 * first opened), and, when a helper has taken this time, "Skip this one" with what it means for them: the spec lets
 * the requester delete a claimed request, so a skip is allowed too, said plainly first (ADR 0023).
 */
export function SeriesPanel({ request, viewerId, now }: { request: RequestView; viewerId: string; now: Date }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  const [confirmSkip, setConfirmSkip] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const seriesId = request.seriesId;
  if (!seriesId || !request.repeats || request.userId !== viewerId) return null;
  const status = displayStatusOf(request, now);
  const helper = status === "claimed" && request.helper ? personName(request.helper.name) : null;

  async function skip(id: string) {
    setSkipping(true);
    try {
      // This occurrence by name: a second tap finds it skipped and skips nothing more.
      const series = await utils.client.requestSeries.skip.mutate({ id, requestId: request.id });
      const date = formatWeekdayDay(request.neededBy);
      toast.success(
        series.current
          ? t("requests.series_skip_done", { date, next: formatWeekdayDay(series.current.neededBy) })
          : t("requests.series_skip_done_last", { date }),
      );
      void utils.requests.invalidate();
      // This time is gone: the page shows the next one, or the dashboard when there is none yet.
      void navigate(series.current ? `/requests/${series.current.id}` : "/", { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, t("requests.seriesFailed")));
      setConfirmSkip(false);
    } finally {
      setSkipping(false);
    }
  }

  return (
    <section className="card series-panel" aria-labelledby={titleId} data-testid="series-panel">
      <h2 id={titleId} className="series-panel-title">
        {t("asking.seriesPanelTitle")}
      </h2>
      <p className="small muted">{t("asking.seriesPanelText")}</p>
      <div className="request-actions">
        <Button
          variant="secondary"
          className="btn-small"
          onClick={() => {
            setEditOpened(true);
            setEditing(true);
          }}
        >
          {t("asking.seriesEdit")}
        </Button>
        {helper && (
          <Button variant="ghost" className="btn-small" needsNetwork onClick={() => setConfirmSkip(true)}>
            {t("asking.seriesSkipTaken")}
          </Button>
        )}
      </div>
      {editOpened && (
        <Suspense fallback={<Spinner label={t("asking.seriesLoading")} />}>
          <EditSeriesDialog seriesId={seriesId} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {helper && (
        <ConfirmModal
          open={confirmSkip}
          title={t("asking.seriesSkipTakenTitle")}
          message={
            <>
              <strong>{request.itemDescription}</strong>
              <br />
              {t("asking.seriesSkipTakenText", { helper })}
            </>
          }
          confirmLabel={t("asking.seriesSkipTaken")}
          cancelLabel={t("asking.seriesKeep")}
          busy={skipping}
          onConfirm={() => void skip(seriesId)}
          onClose={() => {
            if (!skipping) setConfirmSkip(false);
          }}
        />
      )}
    </section>
  );
}
