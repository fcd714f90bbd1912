import { useState } from "react";
import { Button, ConfirmModal } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import "./moderation.css";

type GroupReport = RouterOutputs["reports"]["groupQueue"][number];

/**
 * On the owner's group card (issue 43): open reports about requests in the group, each with what was
 * reported and why (not who reported it), Dismiss and Remove request. Nothing shows while there are none.
 */
export function GroupReports({ groupId, groupName }: { groupId: string; groupName: string }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  // Every group's reports in one call, made with the Groups page's first batch (GroupsPage).
  const queue = trpc.reports.groupQueue.useQuery();
  const dismiss = trpc.reports.dismissInGroup.useMutation();
  const remove = trpc.reports.removeInGroup.useMutation();
  const [removing, setRemoving] = useState<GroupReport | null>(null);
  const reports = queue.data?.filter((r) => r.group.id === groupId) ?? [];
  if (reports.length === 0) return null;

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      toast.success(done);
    } catch (e) {
      toast.error(errorMessage(e, t("moderation.groupReportFailed")));
    } finally {
      setRemoving(null);
      void utils.reports.groupQueue.invalidate();
    }
  }

  return (
    <section className="group-reports" aria-label={t("moderation.groupReportsTitle", { group: groupName })}>
      <h4 className="group-reports-title">{t("moderation.groupReportsTitle", { group: groupName })}</h4>
      <ul className="group-report-list">
        {reports.map((report) => (
          <li key={report.id} className="group-report" data-testid="group-report">
            <p className="group-report-item">
              <strong>{report.request.itemDescription}</strong>{" "}
              <span className="muted">{t("moderation.groupReportBy", { name: report.request.authorName })}</span>
            </p>
            <p className="small">
              {t(`moderation.category_${report.category}`)}
              {report.note ? ` · ${report.note}` : ""}
            </p>
            <div className="row">
              <Button
                variant="secondary"
                className="btn-small"
                needsNetwork
                busy={dismiss.isPending}
                onClick={() =>
                  void act(() => dismiss.mutateAsync({ id: report.id }), t("moderation.groupReportDismissed"))
                }
              >
                {t("moderation.groupReportDismiss")}
              </Button>
              <Button
                variant="ghost"
                className="btn-small btn-text-danger"
                needsNetwork
                onClick={() => setRemoving(report)}
              >
                {t("moderation.groupReportRemove")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={removing !== null}
        title={t("moderation.groupReportRemoveTitle")}
        message={t("moderation.groupReportRemoveConfirm", { item: removing?.request.itemDescription ?? "" })}
        confirmLabel={t("moderation.groupReportRemove")}
        busy={remove.isPending}
        onConfirm={() => {
          const report = removing;
          if (report) void act(() => remove.mutateAsync({ reportId: report.id }), t("moderation.groupReportRemoved"));
        }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
