import { Suspense, useState } from "react";
import { lazyWhenOnline } from "../../lib/lazy-when-online";
import { Button } from "../../components/ui";
import { loadNamespaces } from "../../i18n/i18n";
import { useT } from "../../i18n/useT";
import type { ReportSubject } from "./ReportDialog";

// The dialog and its texts load when first opened: the dashboard's first download stays within budget.
// Also opened from a request card's "⋯" menu (features/blocking).
export const LazyReportDialog = lazyWhenOnline(() =>
  Promise.all([import("./ReportDialog"), loadNamespaces(["moderation"])]).then(([module]) => ({
    default: module.ReportDialog,
  })),
);

/** "Report": on a neighbour's request card, the request page and the member list (issue 29). */
export function ReportButton({ subject, describedBy }: { subject: ReportSubject; describedBy?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="btn-small report-button"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t("common.report")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LazyReportDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
