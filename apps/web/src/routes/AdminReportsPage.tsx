import { useState } from "react";
import { Alert, Button, Card, EmptyState, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { AdminNav } from "../features/admin/AdminNav";
import { ModerationDialog } from "../features/admin/ModerationDialog";
import { CATEGORY_LABELS } from "../features/moderation/ReportDialog";
import { formatDateTime } from "../lib/dates";
import { errorMessage, trpc, type RouterOutputs } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import "../features/admin/admin.css";

type Report = RouterOutputs["admin"]["reports"][number];
type Action = "suspend" | "reinstate" | "removeRequest" | "removeGroup";
type Pending = { kind: Action; report: Report } | null;

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
  const removeGroup = trpc.admin.removeGroup.useMutation();
  const reinstate = trpc.admin.reinstateUser.useMutation();
  const [pending, setPending] = useState<Pending>(null);

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

  async function confirm(reason: string) {
    if (!pending) return;
    const { kind, report } = pending;
    const name = personName(report.user);
    try {
      if (kind === "suspend") {
        await suspend.mutateAsync({ id: report.user.id, reason, reportId: report.id });
        toast.success(t("admin.suspended", { name }));
      } else if (kind === "reinstate") {
        await reinstate.mutateAsync({ id: report.user.id, reason: reason || undefined });
        toast.success(t("admin.reinstated", { name }));
      } else if (kind === "removeGroup" && report.group) {
        await removeGroup.mutateAsync({ id: report.group.id, reason: reason || undefined, reportId: report.id });
        toast.success(t("admin.groupRemoved"));
      } else if (kind === "removeRequest" && report.request) {
        await removeRequest.mutateAsync({ id: report.request.id, reason: reason || undefined, reportId: report.id });
        toast.success(t("admin.requestRemoved"));
      }
    } catch (error) {
      toast.error(errorMessage(error, t("admin.actionFailed")));
    }
    setPending(null);
    await refresh();
  }

  /** Each action's dialog: its title, what it does, its button. */
  function dialogTexts(kind: Action, report: Report) {
    const name = personName(report.user);
    switch (kind) {
      case "suspend":
        return {
          title: t("admin.suspendTitle", { name }),
          explain: t("admin.suspendExplain"),
          label: t("admin.suspendMember"),
        };
      case "reinstate":
        return {
          title: t("admin.reinstateTitle", { name }),
          explain: t("admin.reinstateExplain"),
          label: t("admin.reinstate"),
        };
      case "removeGroup":
        return {
          title: t("admin.removeGroupTitle", { group: report.group?.name ?? "" }),
          explain: t("admin.removeGroupExplain"),
          label: t("admin.removeGroup"),
        };
      case "removeRequest":
        return {
          title: t("admin.removeRequestTitle"),
          explain: t("admin.removeRequestExplain"),
          label: t("admin.removeRequest"),
        };
    }
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
                      onClick={() => setPending({ kind: "removeRequest", report })}
                    >
                      {t("admin.removeRequest")}
                    </Button>
                  )}
                  {report.group && (
                    <Button
                      variant="secondary"
                      className="btn-small"
                      aria-describedby={titleId}
                      onClick={() => setPending({ kind: "removeGroup", report })}
                    >
                      {t("admin.removeGroup")}
                    </Button>
                  )}
                  {report.user.suspended ? (
                    <Button
                      variant="secondary"
                      className="btn-small"
                      aria-describedby={titleId}
                      onClick={() => setPending({ kind: "reinstate", report })}
                    >
                      {t("admin.reinstate")}
                    </Button>
                  ) : (
                    <Button
                      variant="danger"
                      className="btn-small"
                      aria-describedby={titleId}
                      onClick={() => setPending({ kind: "suspend", report })}
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

  const busy = suspend.isPending || reinstate.isPending || removeRequest.isPending || removeGroup.isPending;
  const dialog = pending && dialogTexts(pending.kind, pending.report);
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t("admin.reportsTitle")}</h1>
      </div>
      <AdminNav />
      {body}
      {pending && dialog && (
        <ModerationDialog
          key={`${pending.kind}-${pending.report.id}`}
          title={dialog.title}
          explain={dialog.explain}
          confirmLabel={dialog.label}
          reasonRequired={pending.kind === "suspend"}
          busy={busy}
          onConfirm={(reason) => void confirm(reason)}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}
