import { useState } from "react";
import { Alert, Button, Card, EmptyState, Modal, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { AdminNav } from "../features/admin/AdminNav";
import { CATEGORY_LABELS } from "../features/moderation/ReportDialog";
import { formatDateTime } from "../lib/dates";
import { errorMessage, trpc, type RouterOutputs } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import "../features/admin/admin.css";

type Report = RouterOutputs["admin"]["reports"][number];
type Pending = { kind: "suspend" | "removeRequest"; report: Report } | null;

const personName = (user: { name: string; email: string }) => user.name || user.email;

/** /admin/reports (issue 29): open reports, newest first, each with its subject in context, to dismiss or act on. */
export default function AdminReportsPage() {
  const t = useT();
  usePageTitle(t("admin.reportsTitle"));
  const toast = useToast();
  const utils = trpc.useUtils();
  const reports = trpc.admin.reports.useQuery();
  const dismiss = trpc.admin.dismissReport.useMutation();
  const suspend = trpc.admin.suspendUser.useMutation();
  const removeRequest = trpc.admin.removeRequest.useMutation();
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);

  const refresh = () => Promise.all([utils.admin.reports.invalidate(), utils.admin.audit.invalidate()]);

  async function onDismiss(report: Report) {
    try {
      await dismiss.mutateAsync({ id: report.id });
      toast.success(t("admin.dismissed"));
    } catch (error) {
      toast.error(errorMessage(error, t("admin.actionFailed")));
    }
    await refresh();
  }

  function open(kind: "suspend" | "removeRequest", report: Report) {
    setReason("");
    setReasonMissing(false);
    setPending({ kind, report });
  }

  async function confirm() {
    if (!pending) return;
    const { kind, report } = pending;
    const given = reason.trim();
    if (kind === "suspend" && given === "") {
      setReasonMissing(true);
      return;
    }
    try {
      if (kind === "suspend") {
        await suspend.mutateAsync({ id: report.user.id, reason: given, reportId: report.id });
        toast.success(t("admin.suspended", { name: personName(report.user) }));
      } else if (report.request) {
        await removeRequest.mutateAsync({ id: report.request.id, reason: given || undefined, reportId: report.id });
        toast.success(t("admin.requestRemoved"));
      }
    } catch (error) {
      toast.error(errorMessage(error, t("admin.actionFailed")));
    }
    setPending(null);
    await refresh();
  }

  let body;
  if (reports.isPending) body = <Spinner label={t("admin.reportsLoading")} />;
  else if (reports.isError)
    body = (
      <Alert>
        <p>{errorMessage(reports.error, t("admin.reportsFailed"))}</p>
        <Button variant="secondary" onClick={() => void reports.refetch()}>
          {t("admin.retry")}
        </Button>
      </Alert>
    );
  else if (reports.data.length === 0)
    body = <EmptyState title={t("admin.reportsEmptyTitle")}>{t("admin.reportsEmptyText")}</EmptyState>;
  else
    body = (
      <ul className="report-list">
        {reports.data.map((report) => {
          const titleId = `report-${report.id}`;
          return (
            <li key={report.id}>
              <Card className="report-item" aria-labelledby={titleId} data-testid="admin-report">
                <h2 id={titleId}>
                  {report.subjectKind === "request" ? t("admin.reportedRequest") : t("admin.reportedMember")}
                  {" · "}
                  {t(CATEGORY_LABELS[report.category])}
                </h2>
                {report.subjectKind === "request" && (
                  <p className="report-subject">
                    {report.request ? report.request.itemDescription : t("admin.requestGone")}
                  </p>
                )}
                <div className="report-facts small">
                  <span>
                    {t("admin.memberLine", { name: personName(report.user), email: report.user.email })}{" "}
                    {report.user.suspended && <span className="badge">{t("admin.suspendedBadge")}</span>}
                  </span>
                  <span>
                    {report.user.groups.length > 0
                      ? t("admin.memberGroups", { groups: report.user.groups.map((g) => g.name).join(", ") })
                      : t("admin.noGroups")}
                  </span>
                  <span>{t("admin.openReports", { count: report.user.openReports })}</span>
                  {report.group && <span>{t("admin.inGroup", { group: report.group.name })}</span>}
                  <span className="muted">
                    {t("admin.reportedBy", { name: report.reporter.name, time: formatDateTime(report.createdAt) })}
                  </span>
                  {report.note && <span>{t("admin.reporterNote", { note: report.note })}</span>}
                </div>
                <div className="report-actions">
                  <Button
                    variant="secondary"
                    className="btn-small"
                    aria-describedby={titleId}
                    disabled={dismiss.isPending}
                    onClick={() => void onDismiss(report)}
                  >
                    {t("admin.dismiss")}
                  </Button>
                  {report.request && (
                    <Button
                      variant="secondary"
                      className="btn-small"
                      aria-describedby={titleId}
                      onClick={() => open("removeRequest", report)}
                    >
                      {t("admin.removeRequest")}
                    </Button>
                  )}
                  {!report.user.suspended && (
                    <Button
                      variant="danger"
                      className="btn-small"
                      aria-describedby={titleId}
                      onClick={() => open("suspend", report)}
                    >
                      {t("admin.suspendMember")}
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    );

  const busy = suspend.isPending || removeRequest.isPending;
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t("admin.reportsTitle")}</h1>
      </div>
      <AdminNav />
      {body}
      <Modal
        open={pending !== null}
        title={
          pending?.kind === "suspend"
            ? t("admin.suspendTitle", { name: personName(pending.report.user) })
            : t("admin.removeRequestTitle")
        }
        onClose={() => {
          if (!busy) setPending(null);
        }}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={busy}>
              {t("common.cancel")}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void confirm()}>
              {pending?.kind === "suspend" ? t("admin.suspendMember") : t("admin.removeRequest")}
            </Button>
          </>
        }
      >
        <p>{pending?.kind === "suspend" ? t("admin.suspendExplain") : t("admin.removeRequestExplain")}</p>
        <div className={`field${reasonMissing ? " field-invalid" : ""}`}>
          <label htmlFor="moderation-reason">{t("admin.reasonLabel")}</label>
          <input
            id="moderation-reason"
            value={reason}
            maxLength={500}
            required={pending?.kind === "suspend"}
            aria-invalid={reasonMissing || undefined}
            aria-describedby={reasonMissing ? "moderation-reason-error" : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonMissing(false);
            }}
          />
          {reasonMissing && (
            <p id="moderation-reason-error" className="field-error" role="alert">
              {t("admin.reasonRequired")}
            </p>
          )}
        </div>
      </Modal>
    </div>
  );
}
