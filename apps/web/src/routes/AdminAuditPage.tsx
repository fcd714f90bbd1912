import { Alert, Button, Card, EmptyState, Spinner } from "../components/ui";
import { AdminNav } from "../features/admin/AdminNav";
import { formatDateTime } from "../lib/dates";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import "../features/admin/admin.css";

const ACTION_LABELS = {
  report_dismissed: "admin.action_report_dismissed",
  user_suspended: "admin.action_user_suspended",
  user_reinstated: "admin.action_user_reinstated",
  request_removed: "admin.action_request_removed",
  group_removed: "admin.action_group_removed",
} as const;

/** /admin/audit (issue 29): every admin action, newest first; the app offers no way to change one. */
export default function AdminAuditPage() {
  const t = useT();
  usePageTitle(t("admin.auditTitle"));
  const audit = trpc.admin.audit.useQuery();

  let body;
  if (audit.isPending) body = <Spinner label={t("admin.auditLoading")} />;
  else if (audit.isError)
    body = (
      <Alert>
        <p>{errorMessage(audit.error, t("admin.auditFailed"))}</p>
        <Button variant="secondary" onClick={() => void audit.refetch()}>
          {t("admin.retry")}
        </Button>
      </Alert>
    );
  else if (audit.data.length === 0) body = <EmptyState title={t("admin.auditEmpty")} />;
  else
    body = (
      <Card>
        <div className="audit-table-wrap">
          <table className="audit-table">
            <caption className="visually-hidden">{t("admin.auditTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.auditWhen")}</th>
                <th scope="col">{t("admin.auditWho")}</th>
                <th scope="col">{t("admin.auditWhat")}</th>
                <th scope="col">{t("admin.auditSubject")}</th>
                <th scope="col">{t("admin.auditWhy")}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td data-label={t("admin.auditWhen")}>
                    <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td data-label={t("admin.auditWho")}>{entry.admin.label}</td>
                  <td data-label={t("admin.auditWhat")}>{t(ACTION_LABELS[entry.action])}</td>
                  <td data-label={t("admin.auditSubject")}>{entry.subjectLabel}</td>
                  <td data-label={t("admin.auditWhy")}>{entry.reason ?? t("admin.auditNoReason")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t("admin.auditTitle")}</h1>
      </div>
      <AdminNav />
      <p className="muted">{t("admin.auditIntro")}</p>
      {body}
    </div>
  );
}
