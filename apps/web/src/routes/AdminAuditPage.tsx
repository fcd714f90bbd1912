import { useState } from "react";
import { Alert, Button, Card, EmptyState, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { AdminNav } from "../features/admin/AdminNav";
import { ModerationDialog } from "../features/admin/ModerationDialog";
import { formatDateTime } from "../lib/dates";
import { errorMessage, trpc, type RouterOutputs } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import "../features/admin/admin.css";

type Entry = RouterOutputs["admin"]["audit"]["entries"][number];

const ACTION_LABELS = {
  report_dismissed: "admin.action_report_dismissed",
  user_suspended: "admin.action_user_suspended",
  user_reinstated: "admin.action_user_reinstated",
  request_removed: "admin.action_request_removed",
  group_removed: "admin.action_group_removed",
} as const;

/**
 * /admin/audit (issue 29): every admin action, newest first, in pages ("Show older entries" continues where the
 * last page ended); the app offers no way to change one. A suspension still in force can be lifted from its entry.
 */
export default function AdminAuditPage() {
  const t = useT();
  usePageTitle(t("admin.auditTitle"));
  const toast = useToast();
  const utils = trpc.useUtils();
  const audit = trpc.admin.audit.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const reinstate = trpc.admin.reinstateUser.useMutation();
  const [reinstating, setReinstating] = useState<Entry | null>(null);

  async function confirmReinstate(reason: string) {
    if (!reinstating) return;
    try {
      await reinstate.mutateAsync({ id: reinstating.subjectId, reason: reason || undefined });
      toast.success(t("admin.reinstated", { name: reinstating.subjectLabel }));
    } catch (error) {
      toast.error(errorMessage(error, t("admin.actionFailed")));
    }
    setReinstating(null);
    await Promise.all([utils.admin.audit.invalidate(), utils.admin.reports.invalidate()]);
  }

  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  // An account suspended twice has two entries: the reinstatement is offered on the newest only.
  const offered = new Set<string>();
  const offersReinstate = (entry: Entry) => {
    if (!entry.subjectSuspended || offered.has(entry.subjectId)) return false;
    offered.add(entry.subjectId);
    return true;
  };

  let body;
  if (audit.isPending) body = <Spinner label={t("admin.auditLoading")} />;
  else if (audit.isError && entries.length === 0)
    body = (
      <Alert>
        <p>{errorMessage(audit.error, t("admin.auditFailed"))}</p>
        <Button variant="secondary" onClick={() => void audit.refetch()}>
          {t("admin.retry")}
        </Button>
      </Alert>
    );
  else if (entries.length === 0) body = <EmptyState title={t("admin.auditEmpty")} />;
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
                <th scope="col">
                  <span className="visually-hidden">{t("admin.auditActions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td data-label={t("admin.auditWhen")}>
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td data-label={t("admin.auditWho")}>{entry.admin.label}</td>
                  <td data-label={t("admin.auditWhat")}>{t(ACTION_LABELS[entry.action])}</td>
                  <td data-label={t("admin.auditSubject")}>{entry.subjectLabel}</td>
                  <td data-label={t("admin.auditWhy")}>{entry.reason ?? t("admin.auditNoReason")}</td>
                  <td className="audit-actions">
                    {offersReinstate(entry) && (
                      <Button
                        variant="secondary"
                        className="btn-small"
                        aria-label={`${t("admin.reinstate")}: ${entry.subjectLabel}`}
                        onClick={() => setReinstating(entry)}
                      >
                        {t("admin.reinstate")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {audit.hasNextPage && (
          <div className="audit-more">
            <Button variant="secondary" busy={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
              {audit.isFetchingNextPage ? t("admin.auditLoadingMore") : t("admin.auditMore")}
            </Button>
          </div>
        )}
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
      {reinstating && (
        <ModerationDialog
          key={reinstating.id}
          title={t("admin.reinstateTitle", { name: reinstating.subjectLabel })}
          explain={t("admin.reinstateExplain")}
          confirmLabel={t("admin.reinstate")}
          busy={reinstate.isPending}
          onConfirm={(reason) => void confirmReinstate(reason)}
          onClose={() => setReinstating(null)}
        />
      )}
    </div>
  );
}
