import { useT } from "../../i18n/useT";

/** The dashboard's shape while its first load is under way. */
export function DashboardSkeleton() {
  const t = useT();
  return (
    <div className="dashboard-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t("requests.loadingDashboard")}</span>
      <div className="skeleton skeleton-panel" aria-hidden="true" />
      <div className="skeleton skeleton-heading" aria-hidden="true" />
      <div className="request-grid" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton skeleton-card" />
        ))}
      </div>
    </div>
  );
}
